import { useFetcher } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Button } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { editError, PAGE_TEXT_MAX, TITLE_MAX, type EditResult } from "~/domain/story/edit";

export type SaveStatus = "idle" | "saving" | "saved" | "error";

/** Text pushed in from outside (an Undo): replaces both the draft and the saved text. */
export interface ForcedText {
  text: string;
  rev: number;
}

export interface TextEditorProps {
  target: string;
  field: "title" | "page";
  pageNumber?: number;
  /** how the Save button names the page ("page 3", the reader's number) */
  pageName?: string;
  label: string;
  /** the text as the server has it */
  initial: string;
  forced?: ForcedText;
  /** the answer of a save made without JavaScript (a document POST), if it was for this field */
  documentResult?: EditResult | null;
  /** a save starts: the new text is shown elsewhere at once */
  onOptimistic?: (text: string) => void;
  /** a save was refused or failed: what was shown elsewhere goes back */
  onRollback?: (savedText: string) => void;
  onSaved?: (result: Extract<EditResult, { ok: true }>) => void;
  /** set on the field whose change was the last one: Undo puts the earlier text back */
  onUndo?: () => void;
  undoBusy?: boolean;
  /** a message about this field from outside (an Undo that failed) */
  notice?: string | null;
}

const ROLLED_BACK = "We couldn't save this change, so the saved text is back.";

/**
 * One editable text (the title, or a page's words) with its own form: a Remix fetcher with
 * JavaScript (the change shows at once and saves in the background), a plain form post without it.
 * A refused text stays in the box with the reason beside it; a save that fails for any other reason
 * puts the saved text back and says so.
 */
export function TextEditor({
  target,
  field,
  pageNumber,
  pageName,
  label,
  initial,
  forced,
  documentResult,
  onOptimistic,
  onRollback,
  onSaved,
  onUndo,
  undoBusy,
  notice,
}: TextEditorProps) {
  const fetcher = useFetcher<EditResult>({ key: `edit-${target}` });
  const [draft, setDraft] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [status, setStatus] = useState<SaveStatus>(documentResult?.ok ? "saved" : "idle");
  const [error, setError] = useState<string | null>(documentResult && !documentResult.ok ? documentResult.message : null);
  const pending = useRef<string | null>(null);
  const id = useId();
  const inputId = `${id}-text`;
  const errorId = `${id}-error`;
  const statusId = `${id}-status`;
  const max = field === "title" ? TITLE_MAX : PAGE_TEXT_MAX;

  // An Undo from the bar below.
  const lastRev = useRef(forced?.rev ?? 0);
  useEffect(() => {
    if (!forced || forced.rev === lastRev.current) return;
    lastRev.current = forced.rev;
    setDraft(forced.text);
    setSaved(forced.text);
    setError(null);
    setStatus("saved");
  }, [forced]);

  // The fetcher's answer.
  useEffect(() => {
    if (fetcher.state !== "idle" || pending.current === null || !fetcher.data) return;
    const sent = pending.current;
    pending.current = null;
    const result = fetcher.data;
    if (result.ok) {
      setSaved(result.text);
      setDraft((d) => (d === sent ? result.text : d));
      setStatus("saved");
      setError(null);
      onSaved?.(result);
    } else if (result.status === 400 || result.status === 422) {
      // The parent can fix the words: keep them, with the reason beside the field.
      setStatus("error");
      setError(result.message);
      onRollback?.(saved);
    } else {
      setDraft(saved);
      setStatus("error");
      setError(`${ROLLED_BACK} ${result.message}`);
      onRollback?.(saved);
    }
  }, [fetcher.state, fetcher.data, saved, onSaved, onRollback]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    const problem = editError({ field, pageNumber, text });
    if (problem) {
      setStatus("error");
      setError(problem);
      return;
    }
    if (text === saved) {
      setDraft(text);
      setStatus("saved");
      setError(null);
      return;
    }
    setError(null);
    setStatus("saving");
    pending.current = draft;
    onOptimistic?.(text);
    const form = new FormData(event.currentTarget);
    form.set("text", text);
    fetcher.submit(form, { method: "post" });
  }

  const changed = draft.trim() !== saved;
  const statusText = status === "saving" ? "Saving…" : status === "error" ? "Not saved" : changed ? "Changes not saved yet" : status === "saved" ? "Saved" : "";

  return (
    <fetcher.Form method="post" onSubmit={onSubmit} noValidate className="grid gap-2" data-testid={`editor-${target}`}>
      <input type="hidden" name="field" value={field} />
      {pageNumber ? <input type="hidden" name="pageNumber" value={pageNumber} /> : null}
      <label htmlFor={inputId} className="font-semibold text-ink">
        {label}
      </label>
      {field === "title" ? (
        <input
          id={inputId}
          name="text"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          maxLength={max + 20}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(error && errorId, statusId)}
          className="min-h-12 w-full rounded-2xl border-2 border-ink/15 bg-white px-4 py-2 font-display text-xl text-ink focus:border-plum focus:outline-none"
        />
      ) : (
        <textarea
          id={inputId}
          name="text"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          rows={5}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={cn(error && errorId, statusId)}
          className="min-h-32 w-full resize-y rounded-2xl border-2 border-ink/15 bg-white px-4 py-3 text-lg leading-relaxed text-ink focus:border-plum focus:outline-none"
        />
      )}
      {notice ? (
        <p role="alert" className="rounded-xl bg-coral/10 px-3 py-2 text-sm font-semibold text-red-800">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="rounded-xl bg-coral/10 px-3 py-2 text-sm font-semibold text-red-800" data-testid={`error-${target}`}>
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p
          id={statusId}
          role="status"
          aria-live="polite"
          className={cn("text-sm font-semibold", status === "error" ? "text-red-800" : "text-ink-soft")}
          data-testid={`status-${target}`}
        >
          {status === "saved" && !changed ? <span aria-hidden="true">✓ </span> : null}
          {statusText}
          <span className="ml-2 font-normal text-ink-soft">{`${draft.trim().length} / ${max}`}</span>
        </p>
        <div className="flex flex-wrap items-center gap-2">
          {onUndo ? (
            <Button
              variant="ghost"
              size="sm"
              onClick={onUndo}
              disabled={undoBusy}
              data-testid={`undo-${target}`}
              aria-label={`Undo the last change to ${label.replace(/^Words on /, "")}`}
            >
              <span aria-hidden="true">↶</span> {undoBusy ? "Undoing…" : "Undo"}
            </Button>
          ) : null}
          <Button type="submit" variant={changed ? "primary" : "secondary"} size="sm" disabled={status === "saving"}>
            {status === "saving" ? "Saving…" : field === "title" ? "Save title" : `Save ${pageName ?? `page ${pageNumber}`}`}
          </Button>
        </div>
      </div>
    </fetcher.Form>
  );
}
