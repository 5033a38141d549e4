import type { FaqPage, InfoPage, PageArt } from "~/domain/content/pages";
import { ContentPage, Section } from "./ContentPage";
import { Nino, StepIcon } from "./illustrations";

// The help and legal pages come from our own Markdown in content/pages/, rendered to HTML on the
// server by marked: trusted, so it is set as HTML.

function Art({ art }: { art: PageArt | null }) {
  if (art === "nino") return <Nino mood="curious" className="size-40" />;
  if (art) return <StepIcon kind={art} className="size-40" />;
  return null;
}

function Lede({ html }: { html: string }) {
  return (
    <p
      className="[&_a]:font-bold [&_a]:text-coral-dark [&_a]:underline [&_a]:decoration-2 [&_a]:underline-offset-4 [&_a:hover]:text-plum"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Terms, privacy, refunds and cookies: the page's sections on one card, with an "On this page" list when asked for. */
export function InfoPageView({ page }: { page: InfoPage }) {
  return (
    <ContentPage
      eyebrow={page.eyebrow}
      title={page.heading}
      tone={page.tone}
      updated={page.updated ?? undefined}
      lede={<Lede html={page.ledeHtml} />}
      contents={page.contents ?? undefined}
      art={<Art art={page.art} />}
    >
      {page.sections.map((s) => (
        <Section key={s.id} id={s.id} title={s.title}>
          <div className="[&>*+*]:mt-[1.1em]" dangerouslySetInnerHTML={{ __html: s.html }} />
        </Section>
      ))}
    </ContentPage>
  );
}

/** The FAQ: one card per question that opens in place (details and summary: works with the keyboard and without script). */
export function FaqPageView({ page }: { page: FaqPage }) {
  return (
    <ContentPage eyebrow={page.eyebrow} title={page.heading} tone={page.tone} card={false} lede={<Lede html={page.ledeHtml} />} art={<Art art={page.art} />}>
      <div className="grid gap-10">
        {page.groups.map((group) => (
          <section key={group.id} aria-labelledby={group.id}>
            <h2 id={group.id} className="flex items-center gap-3 px-1 text-2xl font-semibold">
              <StepIcon kind={group.icon} className="size-11" />
              {group.title}
            </h2>
            <div className="mt-4 grid gap-3">
              {group.questions.map((item) => (
                <details key={item.id} id={item.id} className="group rounded-3xl bg-paper shadow-card ring-1 ring-ink/5 open:ring-lavender">
                  <summary className="flex min-h-16 cursor-pointer list-none items-center justify-between gap-4 rounded-3xl px-5 py-4 text-lg font-bold text-ink transition-colors hover:bg-cream/60 sm:px-6 [&::-webkit-details-marker]:hidden">
                    <span>{item.question}</span>
                    <span
                      className="grid size-9 shrink-0 place-items-center rounded-full bg-lavender-soft text-plum transition-transform duration-200 group-open:rotate-45"
                      aria-hidden="true"
                    >
                      <svg viewBox="0 0 20 20" className="size-5" focusable="false">
                        <path d="M10 4v12M4 10h12" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
                      </svg>
                    </span>
                  </summary>
                  <div className="prose-story px-5 pb-6 text-ink-soft sm:px-6" dangerouslySetInnerHTML={{ __html: item.html }} />
                </details>
              ))}
            </div>
          </section>
        ))}
      </div>
    </ContentPage>
  );
}
