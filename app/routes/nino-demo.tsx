import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { NinoAvatar } from "~/components/nino/NinoAvatar";
import { TalkToNinoButton } from "~/components/nino/TalkToNinoButton";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Meet Nino, the story companion",
    "Nino is a gentle little bird who helps children make up stories, plays learning games and listens on wobbly days, by voice or by typing.",
  );

const DOES = [
  {
    mood: "excited",
    title: "Makes up stories",
    text: "Nino asks one small question at a time: who is the hero, how old are they, where do they live, what happens? Then your story goes straight into the book form, ready to make.",
  },
  {
    mood: "playful",
    title: "Plays learning games",
    text: "Find the hidden things, draw a picture, a memory game: short games of 5 to 10 minutes with a cheer at the end.",
  },
  {
    mood: "gentle",
    title: "Listens on wobbly days",
    text: "When a child says they feel sad or scared, Nino slows down, says something kind and offers a calming story. For anything serious, Nino always says to talk to a grown-up they trust.",
  },
  {
    mood: "curious",
    title: "Remembers, kindly",
    text: "Nino remembers a first name, favourite themes and the stories you made, so the next chat feels like meeting a friend. You can see and clear that memory any time.",
  },
] as const;

const VOICE_STEPS = [
  "Press “Start Voice Conversation” and allow the microphone when your browser asks.",
  "Nino listens while the microphone button glows. Say something, then pause: Nino answers out loud.",
  "If Nino didn't catch it, he asks “Could you please repeat that?”. Little voices get a little extra patience.",
  "Say “goodbye” or “that's all” to end voice mode; you can keep typing after that.",
  "No microphone, or prefer typing? Choose “Type Messages Instead”: everything works the same.",
];

export default function NinoDemo() {
  return (
    <ContentPage
      eyebrow="Meet Nino"
      title="A gentle friend for story time"
      tone="lavender"
      lede={
        <>
          <p>
            Nino is a soft, curious little bird who helps children dream up stories, plays short learning games and listens. Children can talk to Nino out loud
            or type.
          </p>
          <div className="mt-6">
            <TalkToNinoButton />
          </div>
        </>
      }
      art={<NinoAvatar mood="excited" activity="idle" className="size-44" />}
    >
      <Section id="what" title="What Nino does">
        <ul className="list-plain grid gap-4 sm:grid-cols-2">
          {DOES.map((d) => (
            <li key={d.title} className="flex gap-4 rounded-3xl bg-cream p-5">
              <NinoAvatar mood={d.mood} className="size-16 shrink-0" />
              <div>
                <h3 className="text-lg font-semibold">{d.title}</h3>
                <p className="mt-1 text-base text-ink-soft">{d.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>
      <Section id="voice" title="How talking with Nino works">
        <ol className="grid gap-3">
          {VOICE_STEPS.map((s) => (
            <li key={s}>{s}</li>
          ))}
        </ol>
        <p>
          On a computer you can use the keyboard too: <kbd>Enter</kbd> starts, <kbd>Space</kbd> starts or stops listening, <kbd>Esc</kbd> stops and closes, and{" "}
          <kbd>Ctrl</kbd> + <kbd>H</kbd> shows every shortcut.
        </p>
      </Section>
      <Section id="privacy" title="Privacy, in plain words">
        <ul className="grid gap-2">
          <li>
            <strong>Recordings are never stored.</strong> When your browser can understand speech itself, the sound never leaves your device. When it can't, one
            short clip is sent to be turned into words and is then thrown away.
          </li>
          <li>Nino only asks for a first name and an age. Nino never asks where you live, your school or anything a stranger shouldn't know.</li>
          <li>What Nino remembers (a name, favourite themes, stories made) stays with your family's StoryNest, and you can clear it.</li>
          <li>Nino is a friend for story time, not a replacement for grown-ups, and never gives medical advice.</li>
        </ul>
        <p>
          See what Nino remembers, or make him forget: <Link to="/nino-friendship">Nino's memory</Link>. More in our <Link to="/privacy">privacy policy</Link>.
        </p>
      </Section>
      <Section id="try" title="Ready to say hello?">
        <p>Nino is waiting in the corner of every page. Or start right here:</p>
        <div>
          <TalkToNinoButton label="Say hello to Nino" />
        </div>
      </Section>
    </ContentPage>
  );
}
