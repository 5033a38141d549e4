import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { BookExperience } from "~/components/reader/BookExperience";
import { pageMeta } from "~/domain/content/meta";
import { isBookId } from "~/domain/ids";
import { pageParam } from "~/domain/story/reader/navigation";

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  // A book id is letters and digits; anything else is not a book.
  if (!isBookId(params.bookId)) throw new Response("Not found", { status: 404 });
  const {
    owner,
    services: { books },
  } = context;
  // Not found and not yours look the same: a book is private to the visitor who made it.
  const book = await books.get(owner, params.bookId);
  if (!book) throw new Response("Not found", { status: 404 });
  return { book, startPage: pageParam(new URL(request.url).searchParams.get("page")) };
}

// A private, live page: never cached.
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data?.book.title ?? "Your story", "Your personalised StoryNest book: read it together, turn the pages, or let the reader read it aloud."),
  { name: "robots", content: "noindex, nofollow" },
];

export default function YourAiStory() {
  const { book, startPage } = useLoaderData<typeof loader>();
  // A new book id (a client-side navigation) mounts a fresh reader.
  return <BookExperience key={book.bookId} initial={book} startPage={startPage} />;
}
