import type { RefObject } from "react";
import type { ConnectionStatus } from "./connection";
import { AlertIcon, CloseIcon, WifiOffIcon } from "~/components/ui/icons-core";
import { Modal } from "~/components/ui/Modal";
import { iconButton, softButton, strongButton } from "./styles";

const CAUSES = [
  { title: "Your internet connection", text: "Check that Wi-Fi or mobile data is on and working." },
  { title: "A temporary outage", text: "Our servers may be taking a short nap. They are usually back within a few minutes." },
  { title: "Browser privacy settings", text: "A privacy setting or an ad blocker may be stopping StoryNest from reaching its server." },
];

/** The Connection Error modal: lists three likely causes; Dismiss or Refresh Page. */
export function ConnectionErrorModal({
  open,
  status,
  onOpenChange,
  returnFocusTo,
}: {
  open: boolean;
  status: ConnectionStatus;
  onOpenChange: (open: boolean) => void;
  /** Where focus goes when the modal closes (it has no Dialog.Trigger to go back to). */
  returnFocusTo?: RefObject<HTMLElement>;
}) {
  const detail =
    status === "offline"
      ? "Your device seems to be offline, so StoryNest can't reach its server."
      : status === "api-error"
        ? "StoryNest's server answered, but with an error."
        : "StoryNest couldn't reach its server.";
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      labelledBy="connection-error-title"
      describedBy="connection-error-detail"
      returnFocusTo={returnFocusTo}
      data-overlay="connection-modal"
      className="fixed inset-x-3 bottom-3 z-[70] mx-auto max-h-[calc(100dvh-1.5rem)] max-w-lg overflow-y-auto rounded-3xl bg-paper p-6 shadow-2xl transition-[opacity,translate] starting:translate-y-4 starting:opacity-0 sm:top-1/2 sm:bottom-auto sm:-translate-y-1/2 sm:p-8 sm:starting:-translate-y-[45%]"
    >
      <div className="flex items-center gap-4">
        <span
          className={`inline-flex size-12 shrink-0 items-center justify-center rounded-2xl ${status === "api-error" ? "bg-red-100 text-red-700" : "bg-sun/40 text-[#7a4d00]"}`}
        >
          {status === "api-error" ? <AlertIcon width={26} height={26} /> : <WifiOffIcon width={26} height={26} />}
        </span>
        <h2 id="connection-error-title" className="min-w-0 flex-1 font-display text-2xl font-semibold text-ink">
          Connection Error
        </h2>
        <button type="button" className={`${iconButton} -mr-2 self-start`} aria-label="Close" onClick={() => onOpenChange(false)}>
          <CloseIcon />
        </button>
      </div>
      <p id="connection-error-detail" className="mt-3 text-ink-soft">
        {detail} This usually happens for one of three reasons:
      </p>
      <ol className="mt-5 space-y-3">
        {CAUSES.map((c, i) => (
          <li key={c.title} className="flex gap-3 rounded-2xl bg-cream px-4 py-3">
            <span
              aria-hidden="true"
              className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-lavender/50 text-sm font-bold text-plum"
            >
              {i + 1}
            </span>
            <span>
              <span className="block font-semibold text-ink">{c.title}</span>
              <span className="block text-[0.95rem] text-ink-soft">{c.text}</span>
            </span>
          </li>
        ))}
      </ol>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={softButton("md")} onClick={() => onOpenChange(false)}>
          Dismiss
        </button>
        <button type="button" className={strongButton("md")} onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </Modal>
  );
}
