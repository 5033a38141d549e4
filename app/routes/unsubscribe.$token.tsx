import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink, textLink } from "~/components/auth/AuthCard";
import { buttonClass } from "~/components/ui/Button";
import type { EmailList } from "~/services/db/schema/index";
import { authHeaders } from "./auth-pages.server";

type Loaded = { view: "ask"; email: string; list: EmailList } | { view: "invalid" };
type Acted = { view: "done"; email: string; list: EmailList } | { view: "invalid" };

/** What each list is, in the words the page uses. */
const WHAT_STOPS: Record<EmailList, string> = {
  newsletter: "the StoryNest newsletter",
  notifications: "e-mails when a story is ready, when a book is shared with you, and the daily news of reactions and comments",
};

export const meta: MetaFunction = () => [{ title: "Unsubscribe · StoryNest" }, { name: "robots", content: "noindex, nofollow" }];
export const headers = authHeaders;

/**
 * The unsubscribe link of every e-mail that belongs to a list (the newsletter; the notifications:
 * story ready, a book shared, the reactions and comments digest).
 * Opening it changes nothing: it says what will stop and offers the button. The button's post, or a
 * mail app's one-click POST (`List-Unsubscribe=One-Click`, sent by the mail provider's server without
 * cookies), unsubscribes; no sign-in is needed, the link itself is the key.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const link = await context.services.newsletter.unsubscribeLink(params.token ?? "");
  if (!link) return data<Loaded>({ view: "invalid" }, { status: 404 });
  return data<Loaded>({ view: "ask", email: link.email, list: link.list });
}

export async function action({ params, context }: ActionFunctionArgs) {
  const result = await context.services.newsletter.unsubscribe(params.token ?? "");
  if (!result.ok) return data<Acted>({ view: "invalid" }, { status: 404 });
  context.log.info("unsubscribed", { list: result.list });
  return data<Acted>({ view: "done", email: result.email, list: result.list }, { status: 200 });
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const page = acted ?? loaded;
  const busy = navigation.state === "submitting";

  if (page.view === "invalid") {
    return (
      <AuthCard
        icon="⏳"
        tint="bg-sun-soft"
        title="This link no longer works"
        focusTitle
        testId="unsubscribe-invalid"
        intro={
          <p>
            An unsubscribe link works for a year. If you still get e-mails you don't want, use the link in the newest one, or{" "}
            <Link to="/contact" className={textLink}>
              write to us
            </Link>{" "}
            and we will stop them.
          </p>
        }
      />
    );
  }

  if (page.view === "done") {
    return (
      <AuthCard
        icon="👋"
        tint="bg-mint-soft"
        title="You're unsubscribed"
        focusTitle
        testId="unsubscribed"
        intro={
          <p>
            We won't send {WHAT_STOPS[page.list]} to <strong className="wrap-anywhere text-ink">{page.email}</strong> any more.
          </p>
        }
        footer={
          page.list === "newsletter" ? (
            <FooterLink to="/newsletter" lead="Changed your mind?">
              Sign up again
            </FooterLink>
          ) : null
        }
      />
    );
  }

  return (
    <AuthCard
      icon="✉️"
      tint="bg-peach"
      title="Unsubscribe"
      testId="unsubscribe"
      intro={
        <p>
          <strong className="wrap-anywhere text-ink">{page.email}</strong> will stop getting {WHAT_STOPS[page.list]}.
          {page.list === "notifications" ? " Your books stay as they are, and the e-mails you ask for (a PDF link) or about a purchase still come." : null}
        </p>
      }
    >
      <Form method="post">
        <button type="submit" disabled={busy} className={buttonClass("primary", "lg", "w-full")}>
          {busy ? "Unsubscribing…" : "Unsubscribe"}
        </button>
      </Form>
    </AuthCard>
  );
}
