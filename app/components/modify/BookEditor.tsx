import { Link, useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { libraryCache } from "~/components/library/library-cache";
import { buttonClass } from "~/components/ui/Button";
import type { BookView } from "~/domain/story/book-view";
import type { EditResult } from "~/domain/story/edit";
import { pageLabel, readingOrder } from "~/domain/story/reader/navigation";
import { PageCard } from "./PageCard";
import { TextEditor, type ForcedText } from "./TextEditor";

type Saved = Extract<EditResult, { ok: true }>;
interface LastEdit {
  target: string;
  field: "title" | "page";
  pageNumber: number | null;
  label: string;
  previous: string;
  text: string;
}

/**
 * The edit page of a finished book: the title, then every page with its picture and words. Each
 * text saves on its own; the last text change can be undone (on the server too).
 */
export function BookEditor({ book, documentResult, children }: { book: BookView; documentResult: EditResult | null; children?: ReactNode }) {
  const [title, setTitle] = useState(book.title ?? "");
  const savedTitle = useRef(book.title ?? "");
  const [forced, setForced] = useState<Record<string, ForcedText>>({});
  const [lastEdit, setLastEdit] = useState<LastEdit | null>(null);
  const [titleChanged, setTitleChanged] = useState(false);
  const [undoError, setUndoError] = useState<{ target: string; message: string } | null>(null);
  const undo = useFetcher<EditResult>({ key: `undo-${book.bookId}` });
  const undoing = useRef<LastEdit | null>(null);
  const rev = useRef(0);
  // Set once the scripts run: before that the forms post the page (tests wait for it).
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const push = useCallback((target: string, text: string) => {
    rev.current += 1;
    const r = rev.current;
    setForced((f) => ({ ...f, [target]: { text, rev: r } }));
  }, []);

  const onSaved = useCallback(
    (r: Saved, label: string) => {
      if (r.field === "title") {
        savedTitle.current = r.text;
        setTitle(r.text);
        setTitleChanged(true);
        // The cover shows the title: when it followed, its box follows too.
        if (r.coverText !== null) push("page-1-title-follow", r.coverText);
      }
      libraryCache.applyUpdate(book.bookId, { title: r.title, lastUpdated: r.lastUpdated, tokensWords: r.tokensWords });
      setUndoError(null);
      if (r.previous !== r.text) setLastEdit({ target: r.target, field: r.field, pageNumber: r.pageNumber, label, previous: r.previous, text: r.text });
    },
    [book.bookId, push],
  );

  // The undo's answer: the server has the earlier text again, or it is put back as it was.
  useEffect(() => {
    if (undo.state !== "idle" || !undo.data || !undoing.current) return;
    const edit = undoing.current;
    undoing.current = null;
    if (undo.data.ok) {
      const r = undo.data;
      if (r.field === "title") savedTitle.current = r.text;
      if (r.coverText !== null) push("page-1-title-follow", r.coverText);
      libraryCache.applyUpdate(book.bookId, { title: r.title, lastUpdated: r.lastUpdated, tokensWords: r.tokensWords });
    } else {
      push(edit.target, edit.text);
      if (edit.field === "title") setTitle(edit.text);
      libraryCache.applyUpdate(book.bookId, { title: edit.field === "title" ? edit.text : savedTitle.current });
      setLastEdit(edit);
      setUndoError({ target: edit.target, message: `We couldn't undo that change, so it is still there. ${undo.data.message}` });
    }
  }, [undo.state, undo.data, book.bookId, push]);

  function onUndo() {
    if (!lastEdit || undo.state !== "idle") return;
    undoing.current = lastEdit;
    // Optimistic: the earlier text is back at once.
    push(lastEdit.target, lastEdit.previous);
    if (lastEdit.field === "title") {
      setTitle(lastEdit.previous);
      libraryCache.applyUpdate(book.bookId, { title: lastEdit.previous });
    }
    const form = new FormData();
    form.set("field", lastEdit.field);
    if (lastEdit.pageNumber) form.set("pageNumber", String(lastEdit.pageNumber));
    form.set("text", lastEdit.previous);
    form.set("intent", "undo");
    undo.submit(form, { method: "post" });
    setLastEdit(null);
    setUndoError(null);
  }

  // in the reader's order, so each page has the reader's number
  const pages = readingOrder(book.pages);
  const resultFor = (target: string) => (documentResult && documentResult.target === target ? documentResult : null);
  const undoBusy = undo.state !== "idle";

  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 pt-8 sm:pt-12" data-testid="book-editor" data-ready={ready ? "true" : undefined}>
      <header>
        <p className="font-display text-lg font-semibold text-coral">Edit your book</p>
        <h1 className="mt-1 text-3xl font-semibold text-ink sm:text-4xl" data-testid="editor-heading">
          {title || "Your story"}
        </h1>
        <p className="mt-3 max-w-2xl text-lg text-ink-soft">
          Change any words you like, or ask for a new picture on a page. Each change is saved on its own, and the last one can be undone. Drawing a new picture
          is free.
        </p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Link to={`/youraistory/${book.bookId}`} className={buttonClass("secondary")} prefetch="intent">
            <span aria-hidden="true">📖</span> Read the book
          </Link>
          <Link to="/library" className={buttonClass("ghost")} prefetch="intent">
            Back to my library
          </Link>
        </div>
      </header>

      <section aria-label="Title of the book" className="mt-8 rounded-3xl bg-paper p-4 shadow-card ring-1 ring-ink/5 sm:p-6">
        <TextEditor
          target="title"
          field="title"
          label="Book title"
          initial={book.title ?? ""}
          forced={forced.title}
          documentResult={resultFor("title")}
          onOptimistic={(text) => {
            setTitle(text);
            libraryCache.applyUpdate(book.bookId, { title: text });
          }}
          onRollback={(saved) => {
            setTitle(saved);
            libraryCache.applyUpdate(book.bookId, { title: saved });
          }}
          onSaved={(r) => onSaved(r, "the title")}
          onUndo={lastEdit?.target === "title" ? onUndo : undefined}
          undoBusy={undoBusy}
          notice={undoError?.target === "title" ? undoError.message : null}
        />
        {titleChanged ? (
          <p className="mt-3 rounded-xl bg-sun/25 px-3 py-2 text-sm text-ink" data-testid="cover-hint">
            The cover picture still shows the title it was drawn with.{" "}
            <a href="#page-1" className="font-semibold text-plum underline underline-offset-2">
              Draw a new cover
            </a>{" "}
            to put the new title on it.
          </p>
        ) : null}
      </section>

      <h2 className="mt-10 font-display text-2xl font-semibold text-ink">The pages</h2>
      <ol className="mt-4 grid gap-5" aria-label="Pages of the book">
        {pages.map((page, i) => (
          <PageCard
            key={page.pageNumber}
            bookId={book.bookId}
            page={page}
            label={pageLabel(i, pages)}
            forced={page.pageNumber === 1 ? (latest(forced["page-1"], forced["page-1-title-follow"]) ?? undefined) : forced[`page-${page.pageNumber}`]}
            documentResult={resultFor(`page-${page.pageNumber}`)}
            onSaved={onSaved}
            onUndo={lastEdit?.target === `page-${page.pageNumber}` ? onUndo : undefined}
            undoBusy={undoBusy}
            notice={undoError?.target === `page-${page.pageNumber}` ? undoError.message : null}
          />
        ))}
      </ol>
      {children}
    </div>
  );
}

/** Of two pushed texts, the later one. */
function latest(a?: ForcedText, b?: ForcedText): ForcedText | null {
  if (!a) return b ?? null;
  if (!b) return a;
  return a.rev > b.rev ? a : b;
}
