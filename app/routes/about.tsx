import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { Nino, StepIcon } from "~/components/layout/illustrations";
import { ButtonLink } from "~/components/ui/Button";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "About us",
    "StoryNest makes personalised, illustrated storybooks where your child is the hero, and Nino, a gentle story companion. Who we are and what we believe.",
  );

const VALUES = [
  { icon: "heart", title: "Your child is the hero", text: "Every book is built around one child: their name, their world, their way of being brave." },
  { icon: "shield", title: "Calm, never scary", text: "Gentle stories with warm endings. Bedtime is for settling down, not for cliffhangers." },
  { icon: "lock", title: "Privacy first", text: "We ask for as little as we can, keep it for as short a time as we can and never sell it." },
  { icon: "read", title: "Reading together", text: "A book is at its best with a grown-up beside it. We design for that moment." },
] as const;

export default function About() {
  return (
    <ContentPage
      eyebrow="About StoryNest"
      title="Stories that know your child's name"
      tone="sun"
      lede="StoryNest turns a few details about your child into an illustrated picture book made only for them, and gives them Nino, a kind companion who helps them dream up stories of their own."
      art={<Nino className="size-40" />}
    >
      <Section id="why" title="Why we made StoryNest">
        <p>
          StoryNest began at bedtime. We are a small team of parents, teachers, illustrators and engineers, and we kept noticing the same thing: a child who
          drifts off during one story sits bolt upright when the hero shares their name, their dog or their favourite yellow wellies.
        </p>
        <p>
          Personalised books have existed for a long time, but they usually meant swapping a name into the same fixed story. We wanted something closer to what
          a grandparent does when they make up a story on the spot: a tale that fits this child, this week, whether they are starting school, missing a friend
          or simply obsessed with sharks.
        </p>
      </Section>
      <Section id="believe" title="What we believe">
        <ul className="list-plain grid gap-4 sm:grid-cols-2">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-3xl bg-cream p-5">
              <StepIcon kind={v.icon} className="size-12" />
              <h3 className="mt-3 text-lg font-semibold">{v.title}</h3>
              <p className="mt-1 text-base text-ink-soft">{v.text}</p>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="how" title="How a StoryNest book is made">
        <p>
          You tell us about your child and choose a theme, a gentle lesson and an art style. Our story engine writes the text page by page, then an illustration
          model draws each page, using your child's photo as a guide if you added one. Every request carries strict instructions written by our team to keep the
          stories kind, age-appropriate and free of anything frightening.
        </p>
        <p>
          AI helps us make a book in minutes instead of months, but the choices that matter stay with you. You can read every page before sharing the book,
          change what you don't like and delete anything at any time.
        </p>
      </Section>
      <Section id="nino" title="Meet Nino">
        <p>
          Nino is a soft, curious little bird who lives in the StoryNest. Children can talk to Nino or type, and Nino helps them build a story one small
          question at a time: who is the hero, where do they live, what happens next? Nino also plays short learning games and, on a wobbly day, slows down to
          listen and offer a comforting story.
        </p>
        <p>
          Nino is a friend for story time, not a replacement for the grown-ups in a child's life. Nino never asks for personal details beyond a first name and
          never sends your child anywhere outside StoryNest.
        </p>
      </Section>
      <Section id="contact" title="Say hello">
        <p>
          We read every message, from book ideas to bug reports. Visit our <Link to="/contact">contact page</Link>, or have a look at the{" "}
          <Link to="/faq">questions parents ask most</Link>.
        </p>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to="/createstory" size="lg">
            Create a story
          </ButtonLink>
          <ButtonLink to="/real-stories" size="lg" variant="secondary">
            See sample stories
          </ButtonLink>
        </div>
      </Section>
    </ContentPage>
  );
}
