import { Form } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";

/**
 * Under a finished book of a saved child (decision 054): the story form again, filled in from the
 * child and, while "Keep the same friends and world" is ticked, with this book's companions, theme
 * and art style. A plain form to /createstory, so it works before the page's script runs.
 */
export function AnotherAdventure({ bookId, child }: { bookId: string; child: { id: string; name: string } }) {
  return (
    <Form
      method="get"
      action="/createstory"
      className="mx-auto mt-8 flex max-w-[40rem] flex-col items-center gap-3 rounded-[2rem] bg-lavender-soft p-5 text-center sm:p-6"
      aria-label={`Another adventure with ${child.name}`}
      data-testid="another-adventure"
    >
      <input type="hidden" name="child" value={child.id} />
      <input type="hidden" name="after" value={bookId} />
      <button type="submit" className={buttonClass("primary", "lg", "w-full sm:w-auto")}>
        <span aria-hidden="true">✨</span>
        {`Another adventure with ${child.name}`}
      </button>
      <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-semibold text-ink">
        <input type="checkbox" name="same" value="1" defaultChecked className="size-5 accent-coral" />
        Keep the same friends and world
      </label>
    </Form>
  );
}
