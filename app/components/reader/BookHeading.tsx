import { BookIcon } from "~/components/ui/icons";

/** A book's title as the page's heading, with a short line above it that says whose book it is. */
export function BookHeading({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <>
      <p className="inline-flex items-center gap-2 font-display text-base font-semibold text-coral-dark">
        <BookIcon width={20} height={20} />
        {eyebrow}
      </p>
      <h1 className="mt-1 text-[1.9rem] font-semibold leading-tight sm:text-4xl" data-testid="book-title">
        {title}
      </h1>
    </>
  );
}
