import { useEffect, useRef, useState } from "react";
import { cn } from "~/components/ui/cn";
import { isFailing, STATUS_LABEL, type ConnectionStatus as Status } from "./connection";
import { CONNECTION_TOAST_ID, connectionStore, startConnectionWatch, useConnection } from "./connection-store";
import { ConnectionErrorModal } from "./ConnectionErrorModal";
import { AlertIcon, CheckIcon, SpinnerIcon, WifiOffIcon } from "~/components/ui/icons-core";
import { toast } from "./toast";

const LOOK: Record<Status, { icon: JSX.Element; dot: string; ring: string }> = {
  checking: { icon: <SpinnerIcon />, dot: "bg-sky/30 text-[#1d5f86]", ring: "border-sky/60" },
  connected: { icon: <CheckIcon />, dot: "bg-mint/40 text-[#1c6b49]", ring: "border-mint" },
  offline: { icon: <WifiOffIcon />, dot: "bg-sun/40 text-[#7a4d00]", ring: "border-sun" },
  "api-error": { icon: <AlertIcon />, dot: "bg-red-100 text-red-700", ring: "border-red-300" },
};

/**
 * The connection status button at the bottom left, in the dock's row (./Overlays.tsx): checking, Connected (hides after
 * 3 s), Offline, API Error. Clicking checks again; when that check fails too, the Connection Error
 * modal explains what may be wrong. Failures found by automatic checks show the red toast instead.
 */
export function ConnectionStatus() {
  const { status, visible } = useConnection();
  const [modalOpen, setModalOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => startConnectionWatch(), []);

  const recheck = async () => {
    const store = connectionStore();
    if (!store || store.getState().status === "checking") return;
    const result = await store.check("user");
    if (isFailing(result)) {
      // The modal says it all; the toast would only repeat it behind the backdrop.
      toast.dismiss(CONNECTION_TOAST_ID);
      setModalOpen(true);
    }
  };

  const look = LOOK[status];
  return (
    <>
      {visible ? (
        <button
          ref={buttonRef}
          type="button"
          data-overlay="connection-status"
          data-dock-item
          data-testid="connection-status"
          data-status={status}
          onClick={recheck}
          aria-busy={status === "checking"}
          className={cn(
            "pointer-events-auto inline-flex min-h-11 items-center gap-2 rounded-full border-2 bg-paper py-1.5 pr-4 pl-1.5 text-sm font-semibold text-ink shadow-md transition-colors hover:bg-cream focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-plum",
            look.ring,
          )}
        >
          <span className={cn("inline-flex size-8 items-center justify-center rounded-full", look.dot)}>{look.icon}</span>
          <span>{STATUS_LABEL[status]}</span>
          <span className="sr-only">{status === "checking" ? "" : ", check the connection again"}</span>
        </button>
      ) : null}
      <ConnectionErrorModal open={modalOpen} status={status} onOpenChange={setModalOpen} returnFocusTo={buttonRef} />
    </>
  );
}
