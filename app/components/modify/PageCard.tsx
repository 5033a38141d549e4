import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import type { PageView } from "~/domain/story/book-view";
import type { EditResult } from "~/domain/story/edit";
import { TextEditor, type ForcedText } from "./TextEditor";
import { usePictureRedraw } from "./usePictureRedraw";

interface PageCardProps {
  bookId: string;
  page: PageView;
  /** the page as the reader names it: its number there and "Page 3 of 24" */
  label: { number: number; spoken: string };
  forced?: ForcedText;
  documentResult?: EditResult | null;
  onSaved: (result: Extract<EditResult, { ok: true }>, label: string) => void;
  onUndo?: () => void;
  undoBusy?: boolean;
  notice?: string | null;
}

/** One page: its picture (with "Draw a new picture"), its title and its words. */
export function PageCard({ bookId, page, label, forced, documentResult, onSaved, onUndo, undoBusy, notice }: PageCardProps) {
  const target = `page-${page.pageNumber}`;
  const { url, state, redraw } = usePictureRedraw(bookId, page.pageNumber, page.url);
  const drawing = state.phase === "drawing";
  const headingId = `${target}-heading`;
  // One number per page, the reader's: the layout's own names ("Story Page 1") are not shown.
  const name = `page ${label.number}`;
  return (
    <li
      id={target}
      className="scroll-mt-24 rounded-3xl bg-paper p-4 shadow-card ring-1 ring-ink/5 sm:p-6"
      aria-labelledby={headingId}
      data-testid={`page-card-${page.pageNumber}`}
    >
      <div className="grid gap-4 sm:grid-cols-[13rem_minmax(0,1fr)] sm:gap-6">
        <div className="flex items-start gap-4 sm:flex-col sm:items-stretch">
          <div className="relative w-28 shrink-0 overflow-hidden rounded-2xl bg-cream ring-1 ring-ink/10 sm:w-full" aria-busy={drawing}>
            {url ? (
              <img
                src={url}
                alt={`The picture on ${name}`}
                loading="lazy"
                width={352}
                height={352}
                className={cn("aspect-square w-full object-cover transition-opacity", drawing && "opacity-40")}
                data-testid={`picture-${page.pageNumber}`}
              />
            ) : (
              <div className="flex aspect-square w-full items-center justify-center p-2 text-center text-sm text-ink-soft">No picture yet</div>
            )}
            {drawing ? (
              <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-paper/60 p-2 text-center">
                <span aria-hidden="true" className="size-8 animate-spin rounded-full border-4 border-lavender border-t-plum motion-reduce:animate-none" />
                <span className="text-sm font-semibold text-plum">Drawing…</span>
              </div>
            ) : null}
          </div>
          <div className="min-w-0 flex-1 sm:flex-none">
            <h2 id={headingId} className="font-display text-xl font-semibold text-ink">
              {label.spoken}
            </h2>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3 w-full whitespace-nowrap px-3"
              onClick={redraw}
              disabled={drawing}
              data-testid={`redraw-${page.pageNumber}`}
            >
              <span aria-hidden="true">🖍️</span>
              {drawing ? "Drawing…" : "Draw a new picture"}
            </Button>
          </div>
        </div>
        <div className="min-w-0">
          <p aria-live="polite" className="sr-only">
            {drawing ? `Drawing a new picture for ${name}.` : ""}
          </p>
          {state.phase === "error" ? (
            <p role="alert" className="mb-3 rounded-xl bg-coral/10 px-3 py-2 text-sm font-semibold text-red-800">
              {state.message}
            </p>
          ) : null}
          <TextEditor
            target={target}
            field="page"
            pageNumber={page.pageNumber}
            pageName={name}
            label={`Words on ${name}`}
            initial={page.content}
            forced={forced}
            documentResult={documentResult}
            onSaved={(r) => onSaved(r, name)}
            onUndo={onUndo}
            undoBusy={undoBusy}
            notice={notice}
          />
        </div>
      </div>
    </li>
  );
}
