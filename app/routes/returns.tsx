import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { StepIcon } from "~/components/layout/illustrations";
import { LEGAL_UPDATED } from "~/domain/content/legal";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Refunds and returns",
    "Our refund policy for credits, plans and books: you never pay for a book you did not get. What happens when a book fails, how to ask for a refund and how long it takes.",
  );

const CONTENTS = [
  { id: "promise", label: "Our promise" },
  { id: "failed", label: "When a book does not finish" },
  { id: "problem", label: "A problem with a finished book" },
  { id: "credits", label: "Unused credits" },
  { id: "plans", label: "Plans and subscriptions" },
  { id: "how", label: "How to ask for a refund" },
  { id: "paid", label: "How refunds are paid" },
] as const;

export default function Returns() {
  return (
    <ContentPage
      eyebrow="Refund policy"
      title="Refunds and returns"
      tone="mint"
      updated={`Last updated ${LEGAL_UPDATED}`}
      lede="Our books are digital, so there is nothing to post back. What there is, is a simple promise: a parent never pays for a book they did not get."
      contents={CONTENTS}
      art={<StepIcon kind="heart" className="size-40" />}
    >
      <Section id="promise" title="Our promise">
        <blockquote>
          <p>
            <strong>You never pay for a book you did not get.</strong> If a book fails, you keep your credits. If a finished book has a problem on our side, we fix it or give you your credits back.
          </p>
        </blockquote>
      </Section>
      <Section id="failed" title="When a book does not finish">
        <p>
          Making a book happens in steps: the story record is created, the story is written, then every page is illustrated. Credits are only taken from your balance once the book has been made. If something goes wrong along the way, for example a connection drops or one of our services is busy, the credits are not taken.
        </p>
        <p>
          In the rare case that credits were taken and the book still did not finish, they are returned to your balance. If you notice credits missing for a book you did not receive, <Link to="/contact">tell us</Link> and we will return them within two working days, no questions asked.
        </p>
      </Section>
      <Section id="problem" title="A problem with a finished book">
        <p>Write to us within 30 days of making the book if:</p>
        <ul>
          <li>pages or pictures are missing, blank or broken;</li>
          <li>the book uses the wrong name, age or details compared with what you entered;</li>
          <li>something in the story or a picture is unsuitable for a child.</li>
        </ul>
        <p>
          We will redraw or rewrite the affected pages for free, or, if you prefer, return the credits the book used. We are always glad to hear if a book simply did not suit your child, even when nothing went wrong; tell us and we will see what we can do.
        </p>
      </Section>
      <Section id="credits" title="Unused credits">
        <p>
          If you change your mind, you can have a full refund for a pack of credits within 14 days of buying it, as long as none of its credits have been used. If some have been used, we refund the unused part. Credits do not expire while your account is open, so there is no rush to use them.
        </p>
      </Section>
      <Section id="plans" title="Plans and subscriptions">
        <ul>
          <li>You can cancel a subscription at any time from your account. It will not renew, and you keep its benefits until the end of the period you have paid for.</li>
          <li>If you cancel within 14 days of a payment and have not used any credits from that period, we refund that payment in full.</li>
          <li>If a renewal surprised you, tell us within 14 days; if you have not used it, we will refund it.</li>
        </ul>
      </Section>
      <Section id="how" title="How to ask for a refund">
        <p>
          Use our <Link to="/contact">contact page</Link> and include the e-mail address you use for StoryNest and, if you have it, the order number from your receipt or from <Link to="/myorders">your orders</Link>. A screenshot helps if a book looks wrong. We reply within two working days.
        </p>
      </Section>
      <Section id="paid" title="How refunds are paid">
        <p>
          Credits are returned to your StoryNest balance straight away. Money is refunded to the card or account you paid with, in the currency you paid in. It usually shows within 5 to 10 working days, depending on your bank. We cannot control exchange-rate differences your bank may apply.
        </p>
        <p>
          This policy adds to your legal rights as a consumer; it does not replace them. See also our <Link to="/terms">terms of use</Link>.
        </p>
      </Section>
    </ContentPage>
  );
}
