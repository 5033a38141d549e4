import { useLocation } from "@remix-run/react";
import { buttonClass } from "~/components/ui/Button";
import { cn } from "~/components/ui/cn";
import { ChevronDownIcon } from "~/components/ui/icons-core";
import { MARKETS, type MarketCountry } from "~/domain/pricing/markets";

/** The market in force, as the root loader gives it to every page. */
export interface MarketChoice {
  country: MarketCountry;
  currencyCode: string;
  name: string;
}

/**
 * The twenty markets in a plain form posted to /market, which keeps the choice in a cookie and
 * sends the browser back to the page it was on. It works before JavaScript loads, and it never
 * submits on its own while a choice is being made with the keyboard: the button does.
 */
export function MarketPicker(props: MarketPickerProps) {
  const location = useLocation();
  return <MarketPickerForm {...props} redirectTo={`${location.pathname}${location.search}`} />;
}

interface MarketPickerProps {
  current: MarketChoice;
  idPrefix: string;
  tone?: "light" | "dark";
  label?: string;
}

/** The picker for the page at `redirectTo` (where /market sends the browser back), without the router. */
export function MarketPickerForm({
  current,
  idPrefix,
  tone = "light",
  label = "Country and currency",
  redirectTo,
}: MarketPickerProps & { redirectTo: string }) {
  const id = `${idPrefix}-country`;
  return (
    <form method="post" action="/market" className="flex flex-wrap items-end gap-3" data-testid={`${idPrefix}-market-picker`}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <div className="min-w-0 flex-1 basis-56">
        <label htmlFor={id} className={cn("block text-base font-semibold", tone === "dark" ? "text-cream" : "text-ink")}>
          {label}
        </label>
        <div className="relative mt-1.5">
          <select
            id={id}
            name="country"
            defaultValue={current.country}
            className="block min-h-12 w-full appearance-none rounded-2xl border-2 border-ink/15 bg-paper py-2 pl-4 pr-11 text-base text-ink focus:border-plum focus:outline-none focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum"
          >
            {MARKETS.map((m) => (
              <option key={m.country} value={m.country}>
                {`${m.name} (${m.currencyCode})`}
              </option>
            ))}
          </select>
          <ChevronDownIcon aria-hidden="true" className="pointer-events-none absolute right-4 top-1/2 size-5 -translate-y-1/2 text-ink-soft" />
        </div>
      </div>
      <button type="submit" className={buttonClass(tone === "dark" ? "secondary" : "primary", "md", "shrink-0")}>
        Show prices
      </button>
    </form>
  );
}
