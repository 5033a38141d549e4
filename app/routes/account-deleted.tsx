import type { HeadersFunction, MetaFunction } from "@remix-run/cloudflare";
import { ContentPage } from "~/components/layout/ContentPage";
import { ButtonLink } from "~/components/ui/Button";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () => [
  ...pageMeta("Your account is deleted", "Your StoryNest account and everything in it are deleted."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** Where "Delete my account" ends: the browser is signed out, and the page says what happened. */
export default function AccountDeleted() {
  return (
    <ContentPage
      eyebrow="Goodbye for now"
      title="Your account is deleted"
      tone="mint"
      lede={<p>Your account and everything in it are deleted, for good, and this browser is signed out.</p>}
    >
      <p data-testid="account-deleted">
        Your books, their pictures and PDFs, your credits, what Nino remembers and your sign-in are gone. Thank you for the stories you made with us. You are
        always welcome back.
      </p>
      <div>
        <ButtonLink to="/" size="lg">
          Back to the home page
        </ButtonLink>
      </div>
    </ContentPage>
  );
}
