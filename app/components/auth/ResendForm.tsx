import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { EmailField, SubmitButton } from "./fields";

/**
 * Asks for a new confirmation link (intent=resend), for a known address (a hidden field) or one the
 * person types. Posted to the page it sits on, whose action sends the link.
 */
export function ResendForm({
  action,
  email,
  error,
  label = "Resend the e-mail",
}: {
  action: string;
  /** the address to send to; without it, the form asks for one */
  email?: string;
  error?: string;
  label?: string;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "resend";
  const formRef = useRef<HTMLFormElement>(null);
  // A wrong address: focus goes to the field that says so.
  useEffect(() => {
    if (error) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [error]);
  return (
    <Form ref={formRef} method="post" action={action} noValidate className="grid gap-4" data-testid="resend-form">
      <input type="hidden" name="intent" value="resend" />
      {email ? <input type="hidden" name="email" value={email} /> : <EmailField idPrefix="resend" error={error} />}
      <SubmitButton busy={busy} busyLabel="Sending…" variant="secondary">
        {label}
      </SubmitButton>
    </Form>
  );
}
