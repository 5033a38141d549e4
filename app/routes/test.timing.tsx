import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DiagnosticPage, duration, FieldTable, NoBookYet, utcTime } from "~/components/modify/Diagnostics";
import { isBookId } from "~/domain/ids";
import { readTimings } from "~/services/books/timings.server";
import { isProduction } from "~/services/env.server";

/**
 * /test/timing?bookId=: how long each step of a book's last generation took (record, write, each
 * picture, finish), with start times. The visitor's latest book by default; only the owner's books;
 * never in production (404).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const asked = new URL(request.url).searchParams.get("bookId");
  if (asked !== null && asked !== "" && !isBookId(asked)) throw new Response("Not found", { status: 404 });
  const bookId = asked || (await context.services.books.latest(context.owner));
  if (!bookId) return { asked: null, timings: null };
  const timings = await readTimings(context.services.db, context.owner, bookId);
  if (!timings) throw new Response("Not found", { status: 404 });
  return { asked: asked || null, timings };
}

export const meta: MetaFunction = () => [{ title: "Generation timings (development) · StoryNest" }, { name: "robots", content: "noindex, nofollow" }];
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });

export default function Timing() {
  const { asked, timings } = useLoaderData<typeof loader>();
  return (
    <DiagnosticPage
      title="Generation timings"
      bookId={asked}
      intro={
        <p>
          How long each step of a book’s last generation took: the story record, the writing, each picture and the finish. Without a book id it shows your
          latest book. This page does not exist in production.
        </p>
      }
    >
      {!timings ? (
        <NoBookYet />
      ) : (
        <div className="grid gap-6">
          <FieldTable
            caption="The book"
            rows={[
              [
                "bookId",
                <code key="id" className="break-all">
                  {timings.bookId}
                </code>,
              ],
              ["title", timings.title],
              ["status", timings.status],
              ["attempt", timings.steps.length ? String(timings.attempt) : ""],
              ["steps timed", String(timings.steps.length)],
              ["start to end", timings.steps.length ? duration(timings.totalMs) : ""],
              ["earlier attempts", timings.earlierEntries ? `${timings.earlierEntries} timed steps (not shown)` : "none"],
              [
                "links",
                <Link key="read" to={`/youraistory/${timings.bookId}`} className="font-semibold text-plum underline underline-offset-2">
                  Read it
                </Link>,
              ],
            ]}
          />
          {timings.steps.length === 0 ? (
            <p className="rounded-2xl bg-paper p-6 text-ink-soft shadow-sm ring-1 ring-ink/5">No step has finished yet. Steps appear here as they finish.</p>
          ) : (
            <StepTable timings={timings} />
          )}
        </div>
      )}
    </DiagnosticPage>
  );
}

type Timings = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["timings"]>;

function StepTable({ timings }: { timings: Timings }) {
  const start = Date.parse(timings.steps[0].startedAt);
  const span = Math.max(timings.totalMs, 1);
  return (
    <div className="overflow-x-auto rounded-2xl bg-paper shadow-sm ring-1 ring-ink/5">
      <table className="w-full min-w-[40rem] text-left text-sm" data-testid="timings">
        <caption className="px-4 pt-4 text-left font-display text-lg font-semibold text-ink">Steps of attempt {timings.attempt}</caption>
        <thead>
          <tr className="border-b border-ink/10 text-ink-soft">
            <th scope="col" className="px-4 py-2 font-semibold">
              Step
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              Duration
            </th>
            <th scope="col" className="px-4 py-2 text-right font-semibold">
              After
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Started
            </th>
            <th scope="col" className="px-4 py-2 font-semibold">
              Result
            </th>
            <th scope="col" className="w-1/4 px-4 py-2 font-semibold">
              <span className="sr-only">Timeline</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {timings.steps.map((t, i) => {
            const offset = Date.parse(t.startedAt) - start;
            return (
              <tr key={`${t.step}-${i}`} className="border-b border-ink/5 last:border-0" data-step={t.step}>
                <th scope="row" className="whitespace-nowrap px-4 py-2 font-semibold text-ink">
                  {t.step}
                </th>
                <td className="whitespace-nowrap px-4 py-2 text-right font-semibold tabular-nums text-ink">{duration(t.durationMs)}</td>
                <td className="whitespace-nowrap px-4 py-2 text-right tabular-nums text-ink-soft">{`+${duration(offset)}`}</td>
                <td className="whitespace-nowrap px-4 py-2 text-ink-soft">
                  <time dateTime={t.startedAt}>{utcTime(t.startedAt)}</time>
                </td>
                <td className="px-4 py-2">
                  {t.ok ? <span className="text-emerald-800">done</span> : <span className="font-semibold text-red-800">failed</span>}
                </td>
                <td className="px-4 py-2" aria-hidden="true">
                  <div className="relative h-3 rounded-full bg-ink/5">
                    <div
                      className={t.ok ? "absolute h-3 rounded-full bg-sky" : "absolute h-3 rounded-full bg-coral"}
                      style={{ left: `${(offset / span) * 100}%`, width: `${Math.max((t.durationMs / span) * 100, 1)}%` }}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
