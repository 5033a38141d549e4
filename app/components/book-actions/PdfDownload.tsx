import type { BookView } from "~/domain/story/book-view";

/** PLACEHOLDER: the PDF part (download a print-ready PDF) replaces this. */
export function PdfDownload(_props: { book: BookView }) {
  return null;
}
