import type { MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { ContentPage } from "~/components/layout/ContentPage";
import { Nino, StepIcon } from "~/components/layout/illustrations";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Questions and answers",
    "Answers for parents: how credits work, what happens to your child's photo, how long a book takes, PDFs and printing, refunds, Nino and voice, ages, currencies and deleting your data.",
  );

interface Question {
  id: string;
  q: string;
  a: ReactNode;
}

const GROUPS: ReadonlyArray<{ title: string; icon: "read" | "lock" | "chat" | "heart"; questions: Question[] }> = [
  {
    title: "Making a book",
    icon: "read",
    questions: [
      {
        id: "how-it-works",
        q: "How does StoryNest work?",
        a: (
          <>
            <p>
              You tell us your child's first name, age and a few things they love, then choose a theme (such as space, the ocean or a castle), a gentle lesson and an art style. You can add a photo so the illustrations look like your child. StoryNest then writes the story and draws a picture for every page.
            </p>
            <p>
              Your finished book is a full picture book: a front cover, a title page, the story pages and a closing page, ready to read on any screen.
            </p>
          </>
        ),
      },
      {
        id: "how-long",
        q: "How long does it take to make a book?",
        a: (
          <p>
            Setting up takes about five minutes. The story text is usually ready within a minute, and then the pictures are drawn one page at a time, which normally takes a few minutes more. You can watch each page appear as it is finished. If you give us your e-mail address, we also send you a note with a link when the book is complete, so you can close the page and come back later.
          </p>
        ),
      },
      {
        id: "ages",
        q: "Which ages are the stories for?",
        a: (
          <p>
            StoryNest is made for children from about 3 to 10 years old. Each theme shows the ages it suits best, and the length of sentences and the words we use follow the age you enter, so a book for a three-year-old is simpler and more rhythmic than one for an eight-year-old who is starting to read alone.
          </p>
        ),
      },
      {
        id: "printing",
        q: "Can I print the book or get a PDF?",
        a: (
          <p>
            Yes. Every book can be saved as a PDF, which we can also send to your e-mail address. The PDF prints well at home on A4 or US Letter paper, or you can take it to a local print shop for a bound copy. Books stay in your <Link to="/library">library</Link>, so you can read them again on a phone or tablet at any time.
          </p>
        ),
      },
      {
        id: "change",
        q: "Can I change a story after it is made?",
        a: (
          <p>
            Yes. Open the book from your library and choose to modify it. You can adjust the words and ask for new pictures. It's a good idea to read a book once on your own before reading it with your child, so you can change anything that isn't quite right.
          </p>
        ),
      },
      {
        id: "account",
        q: "Do I need an account?",
        a: (
          <p>
            No. You can make a book straight away, and it is kept in the library of the browser you used. Creating a free account (with e-mail and password, or with Google) keeps your books safe on every device. Any books you made before signing in are moved into your account automatically.
          </p>
        ),
      },
    ],
  },
  {
    title: "Credits, prices and refunds",
    icon: "heart",
    questions: [
      {
        id: "credits",
        q: "What are credits and how are they used?",
        a: (
          <p>
            Credits are how you pay for books. You can buy a pack of credits or choose a plan, and each new book uses credits from your balance. The <Link to="/pricing">pricing page</Link> shows how many credits a book needs and what each pack or plan costs. Credits are only taken once your book has actually been made.
          </p>
        ),
      },
      {
        id: "currencies",
        q: "Which currencies can I pay in?",
        a: (
          <p>
            Prices are shown in your local currency in 20 markets: India, the United States, the United Kingdom, Australia, the United Arab Emirates, Canada, the euro area, Japan, Singapore, New Zealand, Switzerland, Sweden, Norway, Denmark, Brazil, Mexico, South Africa, South Korea, Hong Kong and Taiwan. We choose your market from your approximate location, and you can switch to another one on the pricing page. Prices are shown with two decimal places and the rates are refreshed every hour.
          </p>
        ),
      },
      {
        id: "refunds",
        q: "What if a book goes wrong, or I'm not happy with it?",
        a: (
          <p>
            You never pay for a book you did not get. If a book fails to finish, its credits are not taken, or they are returned to you. If something is wrong with a finished book, such as missing pictures or the wrong name, write to us within 30 days and we will fix it or give the credits back. Unused credits can be refunded within 14 days of purchase. The details are in our <Link to="/returns">refund policy</Link>.
          </p>
        ),
      },
    ],
  },
  {
    title: "Privacy and safety",
    icon: "lock",
    questions: [
      {
        id: "photo",
        q: "What happens to my child's photo?",
        a: (
          <p>
            A photo is optional. If you add one, you can crop it so only your child's face is used. It is sent to our illustration service only while the pictures for your book are being drawn, and it is kept privately with your book (never at a public address) so a page can be redrawn if you edit the book; it is deleted when you delete the book. It is never made public, never sold and never used to train AI models. Read more in <Link to="/blog/how-we-keep-your-childs-photo-and-voice-safe">how we keep your child's photo and voice safe</Link>.
          </p>
        ),
      },
      {
        id: "safety",
        q: "Is StoryNest safe for my child?",
        a: (
          <p>
            Stories and Nino's answers are made for young children, with strict instructions that keep out frightening scenes, violence and grown-up themes. Books are private unless you choose to share one, there are no ads, and nobody outside your family can contact your child through StoryNest. As with any book, we recommend a grown-up reads it first, and if anything ever looks wrong, please <Link to="/contact">tell us</Link>.
          </p>
        ),
      },
      {
        id: "delete",
        q: "How do I delete my child's data?",
        a: (
          <p>
            You can delete any book from your library at any time. To delete everything, including your account and your child's details, write to us from the <Link to="/contact">contact page</Link> with the e-mail address you use for StoryNest, and we will delete it within 30 days and let you know when it is done. Drafts kept in your browser are removed when you clear this site's data in your browser settings. See our <Link to="/privacy">privacy policy</Link> for the full picture.
          </p>
        ),
      },
    ],
  },
  {
    title: "Nino, the story companion",
    icon: "chat",
    questions: [
      {
        id: "nino",
        q: "Who is Nino, and does Nino use the microphone?",
        a: (
          <>
            <p>
              Nino is a kind little bird who helps your child make up stories, plays short learning games and offers comfort on a sad day. Your child can talk to Nino out loud or type. For talking, your browser asks your permission to use the microphone; you can say no and type instead.
            </p>
            <p>
              Speech is turned into words by your browser's own speech recognition; in browsers without it, a short recording is passed to our speech-to-text service to be turned into words and is not kept. StoryNest never stores recordings. Your child can end a voice chat at any time by saying "bye" or "that's all".
            </p>
          </>
        ),
      },
      {
        id: "nino-role",
        q: "Can Nino replace talking to a grown-up?",
        a: (
          <p>
            No, and Nino never pretends to. Nino is a friendly companion for story time. When a child seems sad, worried or cross, Nino slows down, listens and offers a comforting story, and gently encourages them to talk to a grown-up they trust. If you are worried about your child's wellbeing, please speak to your doctor, health visitor or school.
          </p>
        ),
      },
    ],
  },
];

const COUNT = GROUPS.reduce((n, g) => n + g.questions.length, 0);

export default function Faq() {
  return (
    <ContentPage
      eyebrow="Help"
      title="Questions and answers"
      tone="sky"
      card={false}
      lede={
        <p>
          The {COUNT} questions parents ask us most, answered plainly. Can't find yours? <Link to="/contact" className="font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">Write to us</Link> and a real person will reply.
        </p>
      }
      art={<Nino mood="curious" className="size-40" />}
    >
      <div className="grid gap-10">
        {GROUPS.map((group) => (
          <section key={group.title} aria-labelledby={`faq-${group.icon}`}>
            <h2 id={`faq-${group.icon}`} className="flex items-center gap-3 px-1 text-2xl font-semibold">
              <StepIcon kind={group.icon} className="size-11" />
              {group.title}
            </h2>
            <div className="mt-4 grid gap-3">
              {group.questions.map((item) => (
                <details key={item.id} id={item.id} className="group rounded-3xl bg-paper shadow-card ring-1 ring-ink/5 open:ring-lavender">
                  <summary className="flex min-h-16 cursor-pointer list-none items-center justify-between gap-4 rounded-3xl px-5 py-4 text-lg font-bold text-ink transition-colors hover:bg-cream/60 sm:px-6 [&::-webkit-details-marker]:hidden">
                    <span>{item.q}</span>
                    <span className="grid size-9 shrink-0 place-items-center rounded-full bg-lavender-soft text-plum transition-transform duration-200 group-open:rotate-45" aria-hidden="true">
                      <svg viewBox="0 0 20 20" className="size-5" focusable="false">
                        <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                      </svg>
                    </span>
                  </summary>
                  <div className="prose-story px-5 pb-6 text-ink-soft sm:px-6">{item.a}</div>
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
