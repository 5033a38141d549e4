import type { BookView } from "~/domain/story/book-view";
import { EditLink } from "./EditLink";
import { EmailPdf } from "./EmailPdf";
import { PdfDownload } from "./PdfDownload";
import { ShareControl } from "./ShareControl";

/**
 * What the owner can do with a finished book, shown under the reader: edit it, share it, download
 * it as a PDF or have the PDF e-mailed. Each action is its own component (its own issue part).
 */
export function BookActions({ book }: { book: BookView }) {
  return (
    <section aria-label="Your book" className="mx-auto mt-8 flex max-w-[64rem] flex-wrap items-center justify-center gap-3" data-testid="book-actions">
      <EditLink book={book} />
      <ShareControl book={book} />
      <PdfDownload book={book} />
      <EmailPdf book={book} />
    </section>
  );
}
