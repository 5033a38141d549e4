import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import type { BookView } from "~/domain/story/book-view";

/** The way to /modify-story/{bookId}. */
export function EditLink({ book }: { book: BookView }) {
  return (
    <Link to={`/modify-story/${book.bookId}`} className={buttonClass("secondary")} prefetch="intent">
      Edit this book
    </Link>
  );
}
