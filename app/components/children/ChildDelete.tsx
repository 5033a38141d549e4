import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { AccountCard } from "~/components/account/AccountUi";
import { buttonClass } from "~/components/ui/Button";
import type { ChildActionData } from "./page-data";

/**
 * "Delete {name}": asks first (a real form each step, so it works before the page's script runs),
 * then the child, its photo and its look go. The books already made stay in the library.
 */
export function ChildDelete({ childId, name, answer }: { childId: string; name: string; answer: ChildActionData | undefined }) {
  const confirming = answer?.step === "confirm-delete";
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete-confirm";
  const confirmRef = useRef<HTMLButtonElement>(null);
  // the question appears: the focus goes to its answer
  useEffect(() => {
    if (confirming) confirmRef.current?.focus();
  }, [confirming]);
  return (
    <AccountCard
      id="delete-child"
      tone="danger"
      title={`Delete ${name}`}
      intro={`${name}'s details, photo and look are deleted for good. The books already made for ${name} stay in your library.`}
    >
      {confirming ? (
        <Form method="post" className="grid gap-4" data-testid="delete-child-confirm">
          <p className="font-semibold text-ink">{`Delete ${name} for good? This can't be undone.`}</p>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <button
              ref={confirmRef}
              type="submit"
              name="intent"
              value="delete-confirm"
              disabled={deleting}
              className={buttonClass("danger", "md", "w-full sm:w-auto")}
            >
              {deleting ? "Deleting…" : `Yes, delete ${name}`}
            </button>
            <Link to={`/myaccount/children/${childId}`} className={buttonClass("ghost", "md", "w-full sm:w-auto")}>
              {`Keep ${name}`}
            </Link>
          </div>
        </Form>
      ) : (
        <Form method="post">
          <button type="submit" name="intent" value="delete-start" className={buttonClass("secondary", "md", "w-full sm:w-auto")}>
            {`Delete ${name}…`}
          </button>
        </Form>
      )}
    </AccountCard>
  );
}
