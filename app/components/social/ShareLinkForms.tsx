import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { buttonClass } from "~/components/ui/Button";

/**
 * The share e-mail's button lands here: the page posts its single-use link by itself once its
 * script runs (one step for the reader), or with this button before then. Opening the address alone
 * spends nothing, so a mail scanner that follows links does not use it up.
 */
export function OpenWithLink({ linkKey }: { linkKey: string }) {
  const formRef = useRef<HTMLFormElement>(null);
  const navigation = useNavigation();
  useEffect(() => formRef.current?.requestSubmit(), []);
  return (
    <Form ref={formRef} method="post" data-testid="open-with-link">
      <input type="hidden" name="intent" value="open" />
      <input type="hidden" name="key" value={linkKey} />
      <button type="submit" className={buttonClass("primary", "lg")} disabled={navigation.state !== "idle"}>
        {navigation.state !== "idle" ? "Opening the book…" : "Open the book"}
      </button>
    </Form>
  );
}

/** "E-mail me a fresh link": sent to the address the book was shared with, never to a typed one. */
export function FreshLinkButton({ label }: { label: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "fresh";
  return (
    <Form method="post" data-testid="fresh-link">
      <input type="hidden" name="intent" value="fresh" />
      <button type="submit" className={buttonClass("primary", "lg")} disabled={busy}>
        {busy ? "Sending…" : label}
      </button>
    </Form>
  );
}
