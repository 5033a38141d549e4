import { buttonClass } from "~/components/ui/Button";
import { openNino } from "./events";

/** A big button that opens Nino's panel (the demo and friendship pages). */
export function TalkToNinoButton({ label = "Talk to Nino", className }: { label?: string; className?: string }) {
  return (
    <button type="button" className={buttonClass("primary", "lg", className)} onClick={openNino} aria-haspopup="dialog">
      <span aria-hidden="true">💬</span>
      {label}
    </button>
  );
}
