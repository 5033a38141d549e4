import { Form, useNavigation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";

/**
 * "Delete this book": a plain form (it works before the page's script loads) behind a second step,
 * posting intent=delete to /modify-story/{bookId}; the action deletes the book with its pictures,
 * PDF and photo and goes to the library, which says so.
 */
export function DeleteBook({ bookId, title, failed = false, error }: { bookId: string; title: string; failed?: boolean; error?: string | null }) {
  const navigation = useNavigation();
  const deleting = navigation.state !== "idle" && navigation.formData?.get("intent") === "delete";
  const name = title.trim() || "this book";
  return (
    <section
      id="delete"
      aria-labelledby="delete-book-title"
      className="mt-12 rounded-3xl bg-paper p-5 text-left shadow-card ring-1 ring-ink/5 sm:p-6"
      data-testid="delete-book"
    >
      <h2 id="delete-book-title" className="font-display text-2xl font-semibold text-ink">
        Delete this book
      </h2>
      <p className="mt-2 max-w-2xl text-ink-soft">
        This removes the story, every picture, the PDF and the photo you added, for good. If you shared it, the link stops working.{" "}
        {failed ? "You were not charged for it." : "The credit it used is not given back."}
      </p>
      {error ? (
        <p role="alert" className="mt-3 rounded-xl bg-coral/15 px-3 py-2 font-semibold text-ink" data-testid="delete-error">
          {error}
        </p>
      ) : null}
      <details className="mt-4">
        <summary className={buttonClass("secondary", "md", "cursor-pointer list-none")}>Delete this book…</summary>
        <Form method="post" action={`/modify-story/${bookId}`} className="mt-4 grid gap-3" replace>
          <input type="hidden" name="intent" value="delete" />
          <p className="font-semibold text-ink">Delete “{name}” for good? This can’t be undone.</p>
          <div>
            <button type="submit" className={buttonClass("danger", "md")} disabled={deleting}>
              {deleting ? "Deleting…" : "Yes, delete this book"}
            </button>
          </div>
        </Form>
      </details>
    </section>
  );
}
