import { cn } from "~/components/ui/cn";
import { freeBooksText } from "~/domain/story/credits";

/** What is free, on home and /pricing: the first book, and the two more an account brings. */
export function FreeBooksLine({ className }: { className?: string }) {
  const { first, account } = freeBooksText();
  return (
    <p
      className={cn("flex w-fit max-w-full items-start gap-x-2 rounded-2xl bg-mint-soft px-4 py-2 text-base font-semibold text-ink", className)}
      data-testid="free-books"
    >
      <span aria-hidden="true">🎁</span>
      <span>
        {first} {account}
      </span>
    </p>
  );
}
