import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BookEditor } from "~/components/modify/BookEditor";
import { DeleteBook } from "~/components/modify/DeleteBook";
import { StillMaking } from "~/components/modify/StillMaking";
import { pageMeta } from "~/domain/content/meta";
import { isBookId } from "~/domain/ids";
import type { EditResult } from "~/domain/story/edit";

/**
 * /modify-story/{bookId}: the owner changes the title and any page's text, and draws a page's
 * picture again, or deletes the book. Anyone else, or an id that is not letters and digits, gets the
 * not-found page.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (!isBookId(params.bookId)) throw new Response("Not found", { status: 404 });
  const book = await context.services.books.get(context.owner, params.bookId);
  if (!book) throw new Response("Not found", { status: 404 });
  return { book };
}

/**
 * Saves one text (the title or a page): the form of each field posts here, with or without
 * JavaScript (the fetcher's form is a plain form before the scripts load). Undo is a save of the
 * text as it was.
 */
export async function action({ params, context, request }: ActionFunctionArgs) {
  if (!isBookId(params.bookId)) throw new Response("Not found", { status: 404 });
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data<EditResult>({ ok: false, target: "title", status: 400, message: "We couldn't read that form. Please try again." }, { status: 400 });
  }
  if (form.get("intent") === "delete") {
    const removed = await context.services.books.remove(context.owner, params.bookId);
    if (!removed.ok && removed.status === 404) throw new Response("Not found", { status: 404 });
    if (!removed.ok) return data<EditResult>({ ok: false, target: "delete", status: removed.status, message: removed.message }, { status: removed.status });
    const done = new URLSearchParams({ deleted: params.bookId, title: removed.title.slice(0, 120) });
    return redirect(`/library?${done}`);
  }
  const field = form.get("field");
  const input = {
    field,
    pageNumber: field === "page" ? form.get("pageNumber") : undefined,
    text: typeof form.get("text") === "string" ? form.get("text") : undefined,
  };
  const result = await context.services.edits.saveText(context.owner, params.bookId, input);
  // Not yours looks like not there: the not-found page.
  if (!result.ok && result.status === 404 && result.message === "Book not found") throw new Response("Not found", { status: 404 });
  return data<EditResult>(result, { status: result.ok ? 200 : result.status });
}

// A private page that changes with every save: never cached.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  ...pageMeta(d?.book.title ? `Edit “${d.book.title}”` : "Edit your story", "Change the words of your StoryNest book and draw new pictures."),
  { name: "robots", content: "noindex, nofollow" },
];

export default function ModifyStory() {
  const { book } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const deleteError = actionData && !actionData.ok && actionData.target === "delete" ? actionData.message : null;
  const remove = <DeleteBook bookId={book.bookId} title={book.title ?? ""} failed={book.status === "failed"} error={deleteError} />;
  if (book.status !== "complete") return <StillMaking book={book}>{book.status === "failed" ? remove : null}</StillMaking>;
  return (
    <BookEditor key={book.bookId} book={book} documentResult={actionData ?? null}>
      {remove}
    </BookEditor>
  );
}
