import { Link } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { PRICING_URL } from "~/domain/story/credits";

/** The price of one book in the visitor's currency (drawn on the server, so no other currency shows first), with the way to the prices. */
export function BookPriceLine({ price, className }: { price: string | null; className?: string }) {
  if (!price) return null;
  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 text-base leading-snug text-ink-soft", className)} data-testid="book-price">
      <p>
        One storybook costs 1 credit: <strong className="font-bold text-ink">{price}</strong> on its own, less in a pack.
      </p>
      <Link to={PRICING_URL} className="inline-flex min-h-11 items-center font-bold text-coral-dark underline decoration-2 underline-offset-4 hover:text-plum">
        See prices
      </Link>
    </div>
  );
}
