import { BookPriceLine } from "~/components/pricing/BookPriceLine";
import { FreeBooksLine } from "~/components/pricing/FreeBooksLine";
import { HeroIllustration } from "~/components/layout/illustrations";
import { ButtonLink } from "~/components/ui/Button";
import { CheckBadgeIcon, SparklesIcon } from "~/components/ui/icons";

/** Home's first screen. Only links (app/routes/_index.tsx keeps its server markup in the browser). */
export function HomeHero({ bookPrice }: { bookPrice: string | null }) {
  return (
    <>
      {/* Hero */}
      <section className="relative overflow-hidden" aria-labelledby="hero-title">
        <div aria-hidden="true" className="pointer-events-none absolute -left-24 top-10 size-72 rounded-full bg-peach blur-3xl" />
        <div aria-hidden="true" className="pointer-events-none absolute -right-20 bottom-0 size-80 rounded-full bg-lavender-soft blur-3xl" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-8 px-4 pb-14 pt-8 sm:px-6 sm:pt-12 lg:grid-cols-[1.05fr_1fr] lg:gap-12 lg:pb-20 lg:pt-16">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-paper px-4 py-1.5 text-sm font-bold text-plum shadow-card">
              <SparklesIcon className="size-4 text-sun" />
              Personalised picture books for ages 3 to 10
            </p>
            <h1 id="hero-title" className="mt-5 text-[2.6rem] font-semibold leading-[1.05] tracking-tight sm:text-6xl">
              Bedtime stories where{" "}
              <span className="relative whitespace-nowrap text-coral">
                your child
                <svg aria-hidden="true" viewBox="0 0 200 12" preserveAspectRatio="none" className="absolute -bottom-1.5 left-0 h-3 w-full">
                  <path d="M2 9C50 2 150 2 198 7" stroke="#ffc94d" strokeWidth="5" fill="none" strokeLinecap="round" />
                </svg>
              </span>{" "}
              is the hero
            </h1>
            <p className="mt-6 max-w-xl text-lg leading-relaxed text-ink-soft sm:text-xl">
              Tell us their name, what they love and what you&apos;d like them to learn. StoryNest writes and illustrates a picture book made only for them,
              ready to read in a few minutes.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <ButtonLink to="/createstory" size="lg">
                <SparklesIcon />
                Create your child&apos;s story
              </ButtonLink>
              <ButtonLink to="/real-stories" size="lg" variant="secondary">
                See sample stories
              </ButtonLink>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-base font-semibold text-ink-soft">
              {["Ready in minutes", "Private by default", "Read on screen or print"].map((item) => (
                <li key={item} className="flex items-center gap-2">
                  <CheckBadgeIcon className="size-5 text-[#1f7a55]" />
                  {item}
                </li>
              ))}
            </ul>
            <FreeBooksLine className="mt-6" />
            <BookPriceLine price={bookPrice} className="mt-3" />
          </div>
          <HeroIllustration className="mx-auto w-full max-w-[30rem] drop-shadow-xl lg:max-w-none" />
        </div>
      </section>
    </>
  );
}
