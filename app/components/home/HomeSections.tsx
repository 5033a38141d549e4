import { Link } from "@remix-run/react";
import { Nino, StepIcon } from "~/components/layout/illustrations";
import { STAND_IN_NAME, ThemeCard, type ThemeCardData } from "~/components/layout/ThemeCard";
import { buttonClass } from "~/components/ui/Button";
import { SparklesIcon } from "~/components/ui/icons";
import { NINO_POINTS, PROMISES, STEPS } from "./home-content";

export interface HomePost {
  slug: string;
  title: string;
  description: string;
  displayDate: string;
  date: string;
}

/** Home below its first screen: themes, how it works, Nino, the promise, the blog and the closing call. Only links. */
export function HomeSections({ themes, posts }: { themes: ThemeCardData[]; posts: HomePost[] }) {
  return (
    <>
      {/* Themes */}
      <section id="themes" className="bg-paper py-16 sm:py-20" aria-labelledby="themes-title">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-2xl">
            <p className="font-display text-base font-semibold uppercase tracking-wider text-coral-dark">Story themes</p>
            <h2 id="themes-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
              Pick an adventure to begin
            </h2>
            <p className="mt-3 text-lg text-ink-soft">
              Here every story stars {STAND_IN_NAME}. Yours will star your child, with their name, their favourite things and, if you like, their face. You can
              change every detail before the book is made.
            </p>
          </div>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {themes.map((t) => (
              <ThemeCard key={t.themeId} theme={t} />
            ))}
            <li className="flex flex-col justify-center rounded-[1.75rem] border-2 border-dashed border-ink/15 p-6 text-center">
              <p className="font-display text-2xl font-semibold">Something else in mind?</p>
              <p className="mt-2 text-ink-soft">Dinosaurs, a first day at school, a new baby sister: describe any story and we&apos;ll write it.</p>
              <Link to="/customstory" className={buttonClass("secondary", "md", "mx-auto mt-5")}>
                Write your own idea
              </Link>
            </li>
          </ul>
        </div>
      </section>

      {/* How it works */}
      <section className="py-16 sm:py-20" aria-labelledby="how-title">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="mx-auto max-w-2xl text-center">
            <p className="font-display text-base font-semibold uppercase tracking-wider text-coral-dark">How it works</p>
            <h2 id="how-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
              Three small steps to a book of their own
            </h2>
          </div>
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {STEPS.map((s, i) => (
              <li key={s.title} className="relative rounded-[1.75rem] bg-paper p-6 pt-8 shadow-card">
                <span
                  className="absolute -top-4 left-6 grid size-9 place-items-center rounded-full bg-coral font-display text-lg font-semibold text-white shadow-card"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <StepIcon kind={s.icon} className="size-16" />
                <h3 className="mt-4 text-xl font-semibold">
                  <span className="sr-only">Step {i + 1}: </span>
                  {s.title}
                </h3>
                <p className="mt-2 text-ink-soft">{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      {/* Nino */}
      <section className="relative overflow-hidden bg-night py-16 text-cream sm:py-20" aria-labelledby="nino-title">
        <NightSky />
        <div className="relative mx-auto grid max-w-6xl items-center gap-10 px-4 sm:px-6 lg:grid-cols-[0.9fr_1.1fr]">
          <div className="relative mx-auto w-full max-w-[18rem] pt-20 sm:max-w-[22rem] sm:pt-16">
            <div className="absolute inset-x-6 bottom-6 top-24 rounded-full bg-lavender/25 blur-2xl" aria-hidden="true" />
            <p className="absolute right-0 top-0 max-w-[13rem] rounded-3xl rounded-bl-md bg-paper px-4 py-3 text-base font-semibold leading-snug text-ink shadow-lift">
              Hello! What should our story be about today?
            </p>
            <Nino mood="curious" className="relative mx-auto w-4/5" />
          </div>
          <div>
            <p className="font-display text-base font-semibold uppercase tracking-wider text-sun">Meet Nino</p>
            <h2 id="nino-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
              A kind little friend for story time
            </h2>
            <p className="mt-4 max-w-xl text-lg leading-relaxed text-cream/90">
              Nino is StoryNest&apos;s companion: a soft, curious bird who helps children turn their ideas into stories, cheers them on and plays little
              learning games, like finding hidden things or drawing a picture.
            </p>
            <ul className="mt-8 grid gap-4 sm:grid-cols-2">
              {NINO_POINTS.map((p) => (
                <li key={p.title} className="rounded-3xl bg-[#423c72] p-5 ring-1 ring-white/10">
                  <h3 className="text-lg font-semibold text-white">{p.title}</h3>
                  <p className="mt-1 text-base text-cream/90">{p.text}</p>
                </li>
              ))}
            </ul>
            <Link
              to="/nino-demo"
              className="mt-8 inline-flex min-h-14 items-center gap-2 rounded-full bg-sun px-7 text-lg font-bold text-ink transition-colors hover:bg-[#ffd977]"
            >
              Say hello to Nino
            </Link>
          </div>
        </div>
      </section>

      {/* Safety and privacy */}
      <section className="py-16 sm:py-20" aria-labelledby="safety-title">
        <div className="mx-auto max-w-6xl px-4 sm:px-6">
          <div className="max-w-2xl">
            <p className="font-display text-base font-semibold uppercase tracking-wider text-coral-dark">Our promise to parents</p>
            <h2 id="safety-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
              Safe for children, honest with grown-ups
            </h2>
            <p className="mt-3 text-lg text-ink-soft">We are parents too. Here is what we do with the things you share with us, in plain words.</p>
          </div>
          <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
            {PROMISES.map((p) => (
              <li key={p.title} className="rounded-[1.75rem] bg-paper p-6 shadow-card">
                <StepIcon kind={p.icon} className="size-14" />
                <h3 className="mt-4 text-xl font-semibold">{p.title}</h3>
                <p className="mt-2 text-ink-soft">{p.text}</p>
              </li>
            ))}
          </ul>
          <p className="mt-8">
            <Link
              to="/privacy"
              className="inline-flex min-h-11 items-center gap-1 text-lg font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum"
            >
              Read how we look after your family&apos;s data
            </Link>
          </p>
        </div>
      </section>

      {/* From the blog */}
      {posts.length > 0 && (
        <section className="bg-paper py-16 sm:py-20" aria-labelledby="blog-title">
          <div className="mx-auto max-w-6xl px-4 sm:px-6">
            <div className="flex flex-wrap items-end justify-between gap-4">
              <div>
                <p className="font-display text-base font-semibold uppercase tracking-wider text-coral-dark">From the blog</p>
                <h2 id="blog-title" className="mt-2 text-3xl font-semibold sm:text-4xl">
                  Ideas for reading together
                </h2>
              </div>
              <Link
                to="/blog"
                className="inline-flex min-h-11 items-center font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum"
              >
                All posts
              </Link>
            </div>
            <ul className="mt-8 grid gap-5 md:grid-cols-3">
              {posts.map((p) => (
                <li
                  key={p.slug}
                  className="relative flex flex-col rounded-[1.75rem] bg-cream p-6 ring-1 ring-ink/5 transition hover:-translate-y-0.5 hover:shadow-lift has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-4 has-[a:focus-visible]:outline-plum"
                >
                  <time dateTime={p.date} className="text-sm font-bold text-ink-soft">
                    {p.displayDate}
                  </time>
                  <h3 className="mt-2 text-xl font-semibold">
                    <Link to={`/blog/${p.slug}`} className="outline-none after:absolute after:inset-0 after:content-['']">
                      {p.title}
                    </Link>
                  </h3>
                  <p className="mt-2 text-ink-soft">{p.description}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>
      )}

      {/* Closing call to action */}
      <section className="px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="cta-title">
        <div className="relative mx-auto max-w-5xl overflow-hidden rounded-[2.25rem] bg-coral px-6 py-12 text-center text-white shadow-lift sm:px-12 sm:py-16">
          <div aria-hidden="true" className="absolute -left-10 -top-10 size-40 rounded-full bg-white/10" />
          <div aria-hidden="true" className="absolute -bottom-16 -right-8 size-56 rounded-full bg-white/10" />
          <h2 id="cta-title" className="relative text-3xl font-semibold sm:text-5xl">
            Tonight&apos;s story could star your child
          </h2>
          <p className="relative mx-auto mt-4 max-w-xl text-lg text-white sm:text-xl">
            It takes about five minutes to set up. Then it&apos;s just you, your child and a book that knows their name.
          </p>
          <Link
            to="/createstory"
            className="relative mt-8 inline-flex min-h-14 items-center gap-2 rounded-full bg-paper px-8 text-lg font-bold text-coral-dark shadow-card transition-colors hover:bg-cream"
          >
            <SparklesIcon />
            Start your story
          </Link>
        </div>
      </section>
    </>
  );
}

function NightSky() {
  // Little stars at fixed sizes, placed by percentage so they stay round at every width.
  const stars = [
    [6, 8, 4],
    [18, 70, 3],
    [30, 4, 2],
    [47, 96, 4],
    [58, 6, 3],
    [66, 48, 2],
    [88, 5, 4],
    [95, 60, 3],
    [3, 45, 2],
    [80, 97, 2],
  ] as const;
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      {stars.map(([x, y, size]) => (
        <span key={`${x}-${y}`} className="absolute rounded-full bg-cream/60" style={{ left: `${x}%`, top: `${y}%`, width: size, height: size }} />
      ))}
    </div>
  );
}
