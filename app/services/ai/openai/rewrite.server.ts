import type { StoryBrief, WrittenStory } from "~/domain/story/book";
import type { CheckedCharacter, Finding } from "~/domain/story/checker";
import { explainFinding } from "~/domain/story/checker/explain";
import { makeHero } from "~/domain/story/writer/hero";
import type { Plot } from "~/domain/story/writer/plot/read";
import { actorsChecked, findingsOf } from "~/domain/story/writer/review";
import type { Logger } from "~/services/log.server";
import type { Moderator } from "~/services/moderation/types";
import { jsonChat, type OpenAIConfig } from "./client.server";
import { PAGE_REWRITE_JSON_SCHEMA, pageRewriteMessages, pageRewriteSchema, wordsPerPage, type StoryLength } from "./prompts";

/** One page is a short answer; a slow one costs the book a wait, not its page. */
const REWRITE_TIMEOUT_MS = 30_000;
/** Rewrite requests open at once, so a book with many slips does not burst the rate limit. */
const AT_ONCE = 4;
/** A rewrite longer than this many times the page's word cap has written more than the page. */
const LONGEST = 1.5;

export interface ReviewDeps {
  config: OpenAIConfig;
  model: string;
  moderator?: Moderator;
  log: Logger;
}

export interface ReviewInput {
  story: WrittenStory;
  brief: StoryBrief;
  length: StoryLength;
  /** the parent's plot as the offline writer reads it, when there is one */
  plot?: Plot;
}

/** Why a rewrite was not used, for the log (never the text itself). */
type Answer = { ok: true; text: string } | { ok: false; why: string; error?: unknown };

/**
 * The model's book read by the same checker as the offline writer's, with the child as the hero and
 * the plot's people, animals and things. Each page with a finding is asked for once more, with the
 * slips in plain words; the new text replaces the page only when the checker finds fewer slips on it
 * and in the book. A rewrite that fails in any way leaves the page as it was: it never fails the book.
 */
export async function reviewStory(deps: ReviewDeps, input: ReviewInput): Promise<WrittenStory> {
  const { story } = input;
  const hero = makeHero(input.brief);
  const characters = actorsChecked(input.plot?.actors ?? []);
  const check = (pages: WrittenStory["pages"]) => findingsOf({ ...story, pages }, hero, characters);
  const found = check(story.pages);
  // findings index the pages given to the checker: the 22 pages, then the dedication (not a page to rewrite)
  const byPage = new Map<number, Finding[]>();
  for (const f of found) if (f.page < story.pages.length) byPage.set(f.page, [...(byPage.get(f.page) ?? []), f]);

  const indexes = [...byPage.keys()];
  const answers = await atMost(AT_ONCE, indexes, (index) => askAgain(deps, input, index, byPage.get(index)!, characters));

  let pages = story.pages;
  let rewritten = 0;
  for (const [i, index] of indexes.entries()) {
    const asked = answers[i];
    const answer = asked.ok ? await kept(deps, pages, index, asked.text, check) : asked;
    if (!answer.ok) {
      deps.log.warn("a page rewrite was not used", { pageNumber: index + 3, why: answer.why, error: answer.error });
      continue;
    }
    pages = pages.with(index, { ...pages[index], content: answer.text });
    rewritten++;
  }
  deps.log.info("the model's book was checked", {
    findings: found.length,
    rules: [...new Set(found.map((f) => f.rule))],
    pagesWithFindings: byPage.size,
    pagesRewritten: rewritten,
  });
  return rewritten ? { ...story, pages } : story;
}

/**
 * The rewrite, when the checker finds fewer slips on its page and in the whole book with it (a slip
 * moved to another page is no better), and the moderator lets it through.
 */
async function kept(
  deps: ReviewDeps,
  pages: WrittenStory["pages"],
  index: number,
  text: string,
  check: (pages: WrittenStory["pages"]) => Finding[],
): Promise<Answer> {
  const on = (list: Finding[]) => list.filter((f) => f.page === index).length;
  const before = check(pages);
  const after = check(pages.with(index, { ...pages[index], content: text }));
  if (on(after) >= on(before) || after.length >= before.length) return { ok: false, why: "no fewer findings" };
  try {
    const verdict = deps.moderator ? await deps.moderator.check({ [`page ${index + 3}`]: text }) : { ok: true as const };
    return verdict.ok ? { ok: true, text } : { ok: false, why: "moderation refused it", error: verdict.categories.join(", ") };
  } catch (error) {
    return { ok: false, why: "moderation failed", error };
  }
}

async function askAgain(deps: ReviewDeps, input: ReviewInput, index: number, findings: Finding[], characters: CheckedCharacter[]): Promise<Answer> {
  const messages = pageRewriteMessages({
    brief: input.brief,
    length: input.length,
    pages: input.story.pages,
    index,
    findings: findings.map((f) => `In "${f.sentence}": ${explainFinding(f)}.`),
    characters,
  });
  try {
    const choice = await jsonChat(deps.config, {
      model: deps.model,
      messages,
      name: "page_rewrite",
      schema: PAGE_REWRITE_JSON_SCHEMA,
      temperature: 0.4,
      timeoutMs: REWRITE_TIMEOUT_MS,
      what: "page rewrite",
    });
    if (choice.message.refusal || choice.finish_reason === "content_filter") return { ok: false, why: "refused" };
    let json: unknown;
    try {
      json = JSON.parse(choice.message.content ?? "");
    } catch {
      return { ok: false, why: "not JSON" };
    }
    const parsed = pageRewriteSchema.safeParse(json);
    if (!parsed.success) return { ok: false, why: "empty or not the page's shape" };
    const text = parsed.data.content;
    const cap = wordsPerPage(input.brief.age, input.length).max * LONGEST;
    if ((text.match(/\S+/g)?.length ?? 0) > cap) return { ok: false, why: "too long" };
    return { ok: true, text };
  } catch (error) {
    return { ok: false, why: "the request failed", error };
  }
}

/** `work` over every item with at most `limit` running at once; the answers in the items' order. */
async function atMost<T, R>(limit: number, items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}
