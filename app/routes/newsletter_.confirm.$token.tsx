import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { AuthCard, FooterLink } from "~/components/auth/AuthCard";
import { ButtonLink, buttonClass } from "~/components/ui/Button";
import { resolveSite } from "~/domain/story/links";
import { authHeaders } from "./auth-pages.server";

type View = "ask" | "done" | "already" | "invalid";

export const meta: MetaFunction = () => [{ title: "Confirm your subscription · StoryNest" }, { name: "robots", content: "noindex, nofollow" }];
export const headers = authHeaders;

/**
 * The link in the confirmation e-mail. Opening it changes nothing (mail scanners follow links); the
 * page's button posts, and that confirms the subscription, once.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const live = await context.services.newsletter.confirmation(params.token ?? "");
  return data<{ view: View }>({ view: live ? "ask" : "invalid" }, { status: live ? 200 : 404 });
}

export async function action({ params, request, context }: ActionFunctionArgs) {
  const result = await context.services.newsletter.confirm(params.token ?? "", resolveSite(context.env.secrets.WEBSITE_URL, request.url));
  if (!result.ok) return data<{ view: View }>({ view: "invalid" }, { status: 404 });
  // The status is the action's: the page's loader, run after it, finds the link spent.
  return data<{ view: View }>({ view: result.already ? "already" : "done" }, { status: 200 });
}

export default function ConfirmNewsletter() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const navigation = useNavigation();
  const view = acted?.view ?? loaded.view;
  const busy = navigation.state === "submitting";

  if (view === "invalid") {
    return (
      <AuthCard
        icon="⏳"
        tint="bg-sun-soft"
        title="This link no longer works"
        focusTitle
        testId="newsletter-link-invalid"
        intro={
          <p>
            A confirmation link works once, for 7 days. If you have pressed the button already, you are subscribed and there is nothing more to do. If not, sign
            up again and we will send you a new link.
          </p>
        }
        footer={
          <FooterLink to="/contact" lead="Still stuck?">
            Contact us
          </FooterLink>
        }
      >
        <ButtonLink to="/newsletter" size="lg" className="w-full">
          Sign up again
        </ButtonLink>
      </AuthCard>
    );
  }

  if (view === "done" || view === "already") {
    return (
      <AuthCard
        icon="🎉"
        tint="bg-mint-soft"
        title="You're subscribed"
        focusTitle
        testId="newsletter-confirmed"
        intro={
          <p>
            {view === "done" ? "Thank you for confirming. A welcome e-mail is on its way. " : "You had confirmed already: nothing more to do. "}
            The newsletter comes about once a month, and every one has a link to leave.
          </p>
        }
      >
        <ButtonLink to="/createstory" size="lg" className="w-full">
          Make a story
        </ButtonLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon="💌"
      tint="bg-peach"
      title="Confirm your subscription"
      testId="newsletter-confirm"
      intro={<p>One tap and the StoryNest newsletter starts: reading ideas, new story themes and news, about once a month.</p>}
    >
      <Form method="post">
        <button type="submit" disabled={busy} className={buttonClass("primary", "lg", "w-full")}>
          {busy ? "Confirming…" : "Confirm my subscription"}
        </button>
      </Form>
      <p className="mt-4 text-sm leading-relaxed text-ink-soft">Not you? Close this page: without the button, nothing is sent.</p>
    </AuthCard>
  );
}
