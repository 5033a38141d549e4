import { data, redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "~/components/layout/ContentPage";
import { StepIcon } from "~/components/layout/illustrations";
import { NewsletterSignup } from "~/components/newsletter/NewsletterSignup";
import type { SignupAnswer } from "~/components/newsletter/signup-look";
import { pageMeta } from "~/domain/content/meta";
import { isSignupForm, SIGNUP_STATUS_TEXT, signupRedirect, type SignupStatus } from "~/domain/newsletter";
import { resolveSite } from "~/domain/story/links";
import { clientKey } from "~/services/auth/identity.server";
import type { SubscribeResult } from "~/services/email/newsletter.server";

export const meta: MetaFunction = () =>
  pageMeta("Newsletter", "Reading ideas, new story themes and StoryNest news, about once a month. Confirm by e-mail, leave with one click.");

/** What a sign-up's result shows on the form. */
function statusOf(result: SubscribeResult): SignupStatus {
  if (!result.ok) return result.reason === "rate-limited" ? "busy" : "invalid";
  if (result.status === "already" && result.confirmed) return "already";
  if (!result.confirmationSent) return "waiting";
  return result.status === "reactivated" ? "back" : "sent";
}

const HTTP_STATUS: Record<SignupStatus, number> = { sent: 200, back: 200, waiting: 200, already: 200, invalid: 400, busy: 429, error: 500 };

/**
 * The sign-up forms (footer, blog, this page) post here. Sent by script (`js=1`), the answer is the
 * result for the form to show in place; a plain form post is sent back to the page it came from with
 * the result in its address (Post/Redirect/Get), so a reload does not sign up again.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  let form: FormData | null = null;
  try {
    form = await request.formData();
  } catch {
    form = null;
  }
  const which = form?.get("form");
  const source = isSignupForm(which) ? which : "page";
  const back = form?.get("back");
  let status: SignupStatus;
  if (!form) status = "invalid";
  else {
    try {
      const result = await context.services.newsletter.subscribe(
        {
          email: form.get("email"),
          source,
          metadata: { timestamp: new Date().toISOString(), url: typeof back === "string" ? back.slice(0, 500) : null },
        },
        resolveSite(context.env.secrets.WEBSITE_URL, request.url),
        { client: clientKey(request, context.identity.visitorId), userAgent: request.headers.get("User-Agent") },
      );
      status = statusOf(result);
    } catch (error) {
      context.log.error("newsletter sign-up failed", { message: error instanceof Error ? error.message : String(error) });
      status = "error";
    }
  }
  if (form?.get("js") === "1") return data<SignupAnswer>({ status, message: SIGNUP_STATUS_TEXT[status] }, { status: HTTP_STATUS[status] });
  return redirect(signupRedirect(back, source, status), 303);
}

export default function NewsletterPage() {
  return (
    <ContentPage
      eyebrow="Newsletter"
      title="Stories by e-mail, once a month"
      tone="sun"
      lede="Ideas for reading together, new story themes and news from StoryNest. We only write after you confirm your address, and every e-mail has a link to leave."
      art={<StepIcon kind="read" className="size-40" />}
    >
      <NewsletterSignup form="page" title="Sign up" />
    </ContentPage>
  );
}
