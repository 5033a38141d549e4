import { useEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";

/**
 * A modal dialog on the browser's own `<dialog>` (showModal): the rest of the page is inert and
 * hidden from assistive technology, Escape closes, focus moves in, Tab stays inside, and focus goes
 * back to `returnFocusTo` (else to what had it before) on closing. The page behind does not scroll.
 * A tap on the dimmed backdrop closes it. No dialog library: the site's header and overlays use
 * this, so every page loads it at no cost.
 *
 * `className` styles the panel (place it with `fixed`). Give the dialog a name with `labelledBy` (the id of its title) or `label`.
 */
export function Modal({
  open,
  onOpenChange,
  labelledBy,
  label,
  describedBy,
  returnFocusTo,
  className,
  children,
  ...data
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  returnFocusTo?: RefObject<HTMLElement>;
  className?: string;
  children: ReactNode;
} & { [data: `data-${string}`]: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const before = useRef<Element | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open || dialog.open) return;
    before.current = document.activeElement;
    dialog.showModal();
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = "hidden";
    return () => {
      html.style.overflow = overflow;
      if (dialog.open) dialog.close();
      // The element to go back to as it is at closing time (the button may have been drawn again).
      // eslint-disable-next-line react-hooks/exhaustive-deps -- read on purpose when the dialog closes
      const target = returnFocusTo?.current ?? before.current;
      if (target instanceof HTMLElement && target.isConnected) target.focus();
    };
  }, [open, returnFocusTo]);

  // Tab and Shift+Tab go round the dialog's own controls.
  const keepFocusInside = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== "Tab") return;
    const focusable = [
      ...e.currentTarget.querySelectorAll<HTMLElement>("a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex='-1'])"),
    ];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      {...data}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      onCancel={(e) => {
        e.preventDefault();
        onOpenChange(false);
      }}
      onKeyDown={keepFocusInside}
      // The dialog element covers the screen around its panel: a tap outside the panel closes.
      onClick={(e) => {
        if (e.target === e.currentTarget) onOpenChange(false);
      }}
      // pointer-events: a dialog opened from an overlay layer that lets taps through must take them itself
      className="pointer-events-auto fixed inset-0 m-0 size-full max-h-none max-w-none border-0 bg-transparent p-0 backdrop:bg-ink/40 backdrop:backdrop-blur-[2px]"
    >
      {open ? <div className={className}>{children}</div> : null}
    </dialog>
  );
}
