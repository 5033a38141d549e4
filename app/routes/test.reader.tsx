import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useMemo } from "react";
import type { BookSource, RetryBook } from "~/components/reader/book-source";
import { BookExperience } from "~/components/reader/BookExperience";
import { pageParam } from "~/domain/story/reader/navigation";
import { sampleAt, sampleFramesFrom, type SampleStage } from "~/domain/story/reader/sample";
import { isProduction } from "~/services/env.server";

export const meta: MetaFunction = () => [{ title: "Reader playground · StoryNest" }, { name: "robots", content: "noindex" }];

const STAGES: readonly SampleStage[] = ["new", "written", "illustrating", "failed", "complete"];

/**
 * The reader with a sample book, for looking at it and for end-to-end tests without the book engine:
 *   /test/reader?state=complete|new|written|illustrating|failed&speed=<ms per change>&page=<n>
 * A book that is not complete fills in by itself, one change every `speed` ms, through the same
 * code path as the live stream. Never in production (404).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const url = new URL(request.url);
  const asked = url.searchParams.get("state") ?? "complete";
  const state = (STAGES as readonly string[]).includes(asked) ? (asked as SampleStage) : "complete";
  const speed = Math.min(5000, Math.max(20, Number(url.searchParams.get("speed")) || 900));
  const drawn = Math.min(23, Math.max(0, Number(url.searchParams.get("drawn")) || 9));
  return { book: sampleAt(state, drawn), speed, startPage: pageParam(url.searchParams.get("page")) };
}

export default function ReaderPlayground() {
  const { book, speed, startPage } = useLoaderData<typeof loader>();
  // Plays back the snapshots the live stream would send, from wherever the book is.
  const source = useMemo<BookSource>(
    () => (from, handlers) => {
      const frames = sampleFramesFrom(from);
      let i = 0;
      handlers.onState("open");
      const timer = setInterval(() => {
        const next = frames[i++];
        if (!next) return clearInterval(timer);
        handlers.onSnapshot(next);
      }, speed);
      return () => clearInterval(timer);
    },
    [speed],
  );
  const retry = useMemo<RetryBook>(() => async () => ({ ok: true }), []);
  return <BookExperience initial={book} startPage={startPage} source={source} retry={retry} />;
}
