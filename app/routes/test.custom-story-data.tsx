import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { DiagnosticPage, FieldTable, NoBookYet, utcTime } from "~/components/modify/Diagnostics";
import { isBookId } from "~/domain/ids";
import { isProduction } from "~/services/env.server";

/**
 * /test/custom-story-data?bookId=: the form data stored with a book (the visitor's latest by
 * default). Only the owner's books; never in production (404).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const asked = new URL(request.url).searchParams.get("bookId");
  if (asked !== null && asked !== "" && !isBookId(asked)) throw new Response("Not found", { status: 404 });
  const bookId = asked || (await context.services.books.latest(context.owner));
  if (!bookId) return { asked: null, book: null };
  const book = await context.services.books.get(context.owner, bookId);
  if (!book) throw new Response("Not found", { status: 404 });
  return {
    asked: asked || null,
    book: {
      bookId: book.bookId,
      title: book.title,
      status: book.status,
      createdAt: book.createdAt,
      lastUpdated: book.lastUpdated,
      formData: book.story.formData,
    },
  };
}

export const meta: MetaFunction = () => [{ title: "Stored story form data (development) · StoryNest" }, { name: "robots", content: "noindex, nofollow" }];
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });

/** The book's form data fields first, in their usual order, then what the custom path adds. */
const FIELDS = [
  "childName",
  "age",
  "gender",
  "authorName",
  "theme",
  "storyDescription",
  "moralLesson",
  "specialElements",
  "childImage",
  "childImageCropped",
  "artStyle",
  "plotOutline",
  "length",
  "photoHair",
  "photoSkin",
  "photoEyes",
] as const;

export default function CustomStoryData() {
  const { asked, book } = useLoaderData<typeof loader>();
  const form = (book?.formData ?? {}) as Record<string, unknown>;
  return (
    <DiagnosticPage
      title="Stored story form data"
      bookId={asked}
      intro={
        <p>
          What the creation form stored with a book, exactly as the book engine reads it. Without a book id it shows your latest book. This page does not exist
          in production.
        </p>
      }
    >
      {!book ? (
        <NoBookYet />
      ) : (
        <div className="grid gap-6">
          <FieldTable
            caption="The book"
            rows={[
              [
                "bookId",
                <code key="id" className="break-all">
                  {book.bookId}
                </code>,
              ],
              ["title", book.title],
              ["status", book.status],
              ["created_at", utcTime(book.createdAt)],
              ["last_updated", utcTime(book.lastUpdated)],
              [
                "links",
                <span key="links" className="flex flex-wrap gap-x-4">
                  <Link to={`/youraistory/${book.bookId}`} className="font-semibold text-plum underline underline-offset-2">
                    Read it
                  </Link>
                  <Link to={`/test/timing?bookId=${book.bookId}`} className="font-semibold text-plum underline underline-offset-2">
                    Its timings
                  </Link>
                </span>,
              ],
            ]}
          />
          <FieldTable caption="formData" rows={FIELDS.map((f) => [f, form[f] === undefined ? "" : String(form[f])])} />
          <details className="rounded-2xl bg-paper p-4 shadow-sm ring-1 ring-ink/5">
            <summary className="min-h-11 cursor-pointer py-2 font-semibold text-ink">As JSON</summary>
            <pre className="mt-2 overflow-x-auto rounded-xl bg-cream p-3 text-xs text-ink" data-testid="form-json">
              {JSON.stringify(book.formData, null, 2)}
            </pre>
          </details>
        </div>
      )}
    </DiagnosticPage>
  );
}
