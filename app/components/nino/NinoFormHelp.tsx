import { useEffect, useState } from "react";
import { Nino } from "~/components/layout/illustrations";
import { buttonClass } from "~/components/ui/Button";
import { openNino } from "./events";

/**
 * On the creation page the floating Nino button is hidden, so the page offers Nino
 * inline: a child can make the story up with him, and the form arrives filled in. After a hand-off
 * it says so.
 */
export function NinoFormHelp({ fromNino }: { fromNino: boolean }) {
  // Nino opens through the page's script: until it runs, a tap would do nothing, so the button waits.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return (
    <div className="mt-5 flex flex-wrap items-center gap-3 rounded-3xl bg-lavender-soft px-4 py-3 sm:gap-4 sm:px-5" data-testid="nino-form-help">
      <Nino className="size-14 shrink-0" mood={fromNino ? "happy" : "curious"} />
      <p className="min-w-0 flex-1 basis-48 text-[0.98rem] leading-snug text-ink">
        {fromNino ? (
          <>
            <strong className="font-bold text-plum" data-testid="nino-filled-note">
              Nino helped fill this in.
            </strong>{" "}
            Check the details below and change anything you like.
          </>
        ) : (
          <>Not sure what story to tell? Your child can dream it up with Nino, and we'll fill in the form for you.</>
        )}
      </p>
      <button type="button" className={buttonClass("secondary", "md", "shrink-0")} onClick={openNino} disabled={!ready}>
        <span aria-hidden="true">💬</span>
        {fromNino ? "Keep talking with Nino" : "Make it up with Nino"}
      </button>
    </div>
  );
}
