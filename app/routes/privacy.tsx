import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { StepIcon } from "~/components/layout/illustrations";
import { LEGAL_UPDATED } from "~/domain/content/legal";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Privacy policy",
    "What StoryNest keeps about your child (name, age, photo, voice), why, for how long, who can see it and how to delete it. Written plainly for parents.",
  );

const CONTENTS = [
  { id: "summary", label: "The short version" },
  { id: "child", label: "What we keep about your child" },
  { id: "you", label: "What we keep about you" },
  { id: "use", label: "How we use it" },
  { id: "how-long", label: "How long we keep it" },
  { id: "who", label: "Who can see it" },
  { id: "delete", label: "Deleting and your rights" },
  { id: "contact", label: "Changes and contact" },
] as const;

const CHILD = [
  { what: "First name", why: "To make your child the hero of the book and so Nino can greet them. We only ask for a first name." },
  { what: "Age and, if you choose, gender", why: "To pitch the words and the story at the right level and to draw the character the way you'd like." },
  { what: "Interests, a story idea and a lesson", why: "Whatever you type about favourite things, friends or pets, to write the story." },
  { what: "Photo (optional)", why: "To make the illustrations look like your child. You can crop it first so only the face is used." },
  { what: "Voice (only if your child talks to Nino)", why: "Your browser turns speech into words. Only in browsers that cannot, a short recording is passed once to our speech-to-text service and is not kept." },
  { what: "Conversations with Nino", why: "The words your child and Nino exchange, so Nino can follow the conversation and help build a story." },
] as const;

const RETENTION = [
  { what: "Books (story text, illustrations, the name, theme and details used)", how: "Until you delete the book or your account." },
  { what: "Your child's photo", how: "Kept privately with the book it belongs to, never at a public address, so a page can be redrawn if you edit the book. Deleted when you delete the book. Our illustration service uses it only while the pictures are drawn and does not keep it." },
  { what: "Voice", how: "Never stored by StoryNest." },
  { what: "Nino conversations", how: "The words of a conversation are kept so a chat can be picked up again, and deleted 30 days after its last message. What Nino remembers between visits (a first name, favourite things, stories made) is kept with your family's books until you clear it on the \"What Nino remembers\" page, which also deletes every conversation at once." },
  { what: "Books made without an account", how: "Linked to your browser and deleted 12 months after your last visit, unless you sign up and keep them." },
  { what: "Account details", how: "Until you delete your account." },
  { what: "Orders and payments", how: "As long as tax and accounting law requires, usually 7 years. We never hold full card numbers." },
  { what: "Visit statistics (only if you accepted)", how: "13 months." },
  { what: "Messages to us and newsletter subscription", how: "Messages for 2 years; the newsletter until you unsubscribe." },
] as const;

export default function Privacy() {
  return (
    <ContentPage
      eyebrow="Privacy policy"
      title="Your child's privacy comes first"
      tone="mint"
      updated={`Last updated ${LEGAL_UPDATED}`}
      lede="Making a book means telling us a little about your child. This page explains exactly what we keep, why, for how long, who can see it and how you can delete it."
      contents={CONTENTS}
      art={<StepIcon kind="shield" className="size-40" />}
    >
      <Section id="summary" title="The short version">
        <ul>
          <li>We only ask for what we need to make your child's book.</li>
          <li>A photo is optional and is never made public, sold or used to train AI models.</li>
          <li>StoryNest never stores recordings of your child's voice.</li>
          <li>Books are private unless you choose to share one.</li>
          <li>You can delete a book, or everything, whenever you like.</li>
        </ul>
      </Section>

      <Section id="child" title="What we keep about your child">
        <ul className="list-plain grid gap-3">
          {CHILD.map((row) => (
            <li key={row.what} className="rounded-2xl bg-cream p-4 ring-1 ring-ink/5">
              <p className="font-bold text-ink">{row.what}</p>
              <p className="mt-1 text-base text-ink-soft">{row.why}</p>
            </li>
          ))}
        </ul>
        <p>
          We do not ask for a child's surname, address, school or any contact details, and Nino is instructed never to ask for them. Please do not type them into a story.
        </p>
      </Section>

      <Section id="you" title="What we keep about you">
        <ul>
          <li>
            <strong>Your account:</strong> your e-mail address, your name if you give it, a profile picture if you sign in with Google, and your country.
          </li>
          <li>
            <strong>Purchases:</strong> what you bought, when, your credit balance and your order numbers. Card details go straight to our payment provider.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact page, and your newsletter subscription if you sign up.
          </li>
          <li>
            <strong>Technical details:</strong> an id for your browser so your books can be found again before you sign up, your approximate country (to show prices in your currency) and, only if you accept, visit statistics. See our <Link to="/cookies">cookie policy</Link>.
          </li>
        </ul>
      </Section>

      <Section id="use" title="How we use it">
        <p>We use this information only to:</p>
        <ul>
          <li>write, illustrate, store and show your books, and let Nino talk with your child;</li>
          <li>send you the e-mails you expect, such as "your book is ready", your PDF and receipts;</li>
          <li>take payments and keep your credit balance right;</li>
          <li>answer your messages and keep the service safe and working;</li>
          <li>understand, with your consent, which pages help families, so we can improve them.</li>
        </ul>
        <p>
          We never sell personal information, never show advertising and never use your child's photo, name or stories to train AI models.
        </p>
      </Section>

      <Section id="how-long" title="How long we keep it">
        <ul className="list-plain grid gap-3">
          {RETENTION.map((row) => (
            <li key={row.what} className="rounded-2xl bg-cream p-4 ring-1 ring-ink/5">
              <p className="font-bold text-ink">{row.what}</p>
              <p className="mt-1 text-base text-ink-soft">{row.how}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="who" title="Who can see it">
        <p>
          <strong>You.</strong> Books are private by default. If you share a book, anyone with that link can read it until you stop sharing it. Sharing never reveals your e-mail address or your child's photo.
        </p>
        <p>
          <strong>Our team</strong>, only when needed to help you, for example when you ask about a book, and bound by confidentiality.
        </p>
        <p>
          <strong>The services we rely on</strong>, each only for the job we give them and under contracts that protect your data:
        </p>
        <ul>
          <li>Cloudflare, which hosts StoryNest and stores books, illustrations and accounts;</li>
          <li>OpenAI, which writes the story text and Nino's replies;</li>
          <li>our illustration provider, which draws the pictures, using the photo if you added one;</li>
          <li>Resend, which delivers our e-mails;</li>
          <li>our payment provider, which handles payments;</li>
          <li>your browser's maker, whose speech recognition turns your child's speech into words if voice chat is used, and, only in browsers without it, our speech-to-text service, which turns a short recording into words and does not keep it.</li>
        </ul>
        <p>
          We only share information with anyone else if the law requires it, and we would tell you unless the law forbids us to.
        </p>
      </Section>

      <Section id="delete" title="Deleting and your rights">
        <ul>
          <li>
            <strong>Delete a book</strong> from your <Link to="/library">library</Link> at any time. Its text and illustrations are removed from our servers.
          </li>
          <li>
            <strong>Delete everything</strong>, including your account and your child's details, by writing to us from the <Link to="/contact">contact page</Link> with the e-mail address you use for StoryNest. We do it within 30 days and confirm when it is done.
          </li>
          <li>
            <strong>Clear what is on your device</strong>, such as drafts and Nino's memories, by clearing this site's data in your browser settings.
          </li>
        </ul>
        <p>
          Wherever you live, you can also ask us for a copy of your information, ask us to correct it, or object to how we use it. If you are unhappy with our answer, you can complain to the data protection authority in your country.
        </p>
        <p>
          StoryNest is designed for parents and carers. Children use it with an adult's permission, and we do not knowingly let a child create an account. If you believe a child has given us information without a parent's permission, tell us and we will delete it.
        </p>
      </Section>

      <Section id="contact" title="Changes and contact">
        <p>
          If we change this policy in a way that matters, we will say so on the website, and by e-mail if you have an account, before the change takes effect. Questions about privacy are always welcome on our <Link to="/contact">contact page</Link>.
        </p>
      </Section>
    </ContentPage>
  );
}
