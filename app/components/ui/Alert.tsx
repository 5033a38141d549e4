import { forwardRef, type ReactNode } from "react";
import { cn } from "./cn";

/**
 * A problem with a page or a form as a whole, read out at once (role alert). It can take the focus
 * (tabIndex -1) so the form that failed moves the reader to it. The icon only decorates.
 */
export const Alert = forwardRef<HTMLDivElement, { children: ReactNode; testId?: string; icon?: string; className?: string }>(function Alert(
  { children, testId, icon = "🌧️", className },
  ref,
) {
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      className={cn("flex gap-3 rounded-2xl border-2 border-coral-dark/30 bg-coral/10 p-4 text-ink focus:outline-none", className)}
      data-testid={testId}
    >
      <span aria-hidden="true" className="text-xl">
        {icon}
      </span>
      <div className="leading-relaxed">{children}</div>
    </div>
  );
});
