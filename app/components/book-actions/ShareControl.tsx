import type { BookView } from "~/domain/story/book-view";

/** PLACEHOLDER: the sharing part (public link by slug) replaces this. */
export function ShareControl(_props: { book: BookView }) {
  return null;
}
