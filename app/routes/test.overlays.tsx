import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link } from "@remix-run/react";
import { consentStore, useCookieConsent } from "~/components/overlays/consent";
import { showConnectionToast } from "~/components/overlays/connection-store";
import { toast, TOAST_DURATION } from "~/components/overlays/toast";
import { softButton } from "~/components/overlays/styles";
import { isProduction } from "~/services/env.server";

export const meta: MetaFunction = () => [{ title: "Overlay playground · StoryNest" }, { name: "robots", content: "noindex" }];

/** A page for trying the overlays by hand and in end-to-end tests. Never in production (404). */
export async function loader({ context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  return null;
}

const TOASTS = [
  {
    label: "Step toast",
    show: () => toast.show({ title: "Step 1 Complete", description: "Story record created successfully!", kind: "success", duration: TOAST_DURATION.step }),
  },
  { label: "Image toast", show: () => toast.show({ title: "Image for page 3 generated!", kind: "success", duration: TOAST_DURATION.image }) },
  { label: "Connection toast", show: () => showConnectionToast() },
  { label: "Information toast", show: () => toast.show({ title: "Saved for later", description: "Your story draft is kept on this device." }) },
];

const PAGES = [
  { to: "/test/slow?ms=1500", label: "A slow page (1.5 s)" },
  { to: "/test/flaky?failures=2", label: "A page that fails twice" },
  { to: "/test/crash", label: "A server crash" },
  { to: "/test/crash?where=client", label: "A crash in the browser" },
];

export default function OverlayPlayground() {
  const { consent } = useCookieConsent();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl font-semibold sm:text-4xl">Overlay playground</h1>
      <p className="mt-2 text-ink-soft">Try the toasts, the loading indicator, the retry box and the crash screen.</p>

      <h2 className="mt-8 font-display text-xl font-semibold">Toasts</h2>
      <div className="mt-3 flex flex-wrap gap-3">
        {TOASTS.map((t) => (
          <button key={t.label} type="button" className={softButton("md")} onClick={t.show}>
            {t.label}
          </button>
        ))}
      </div>

      <h2 className="mt-8 font-display text-xl font-semibold">Pages</h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-2">
        {PAGES.map((p) => (
          <li key={p.to}>
            <Link to={p.to} className={softButton("md", "w-full")}>
              {p.label}
            </Link>
          </li>
        ))}
      </ul>

      <h2 className="mt-8 font-display text-xl font-semibold">Cookie choice</h2>
      <p className="mt-2 text-ink-soft" data-testid="consent-value">
        Stored choice: {consent === "unset" ? "none yet" : consent}
      </p>
      <button type="button" className={softButton("md", "mt-3")} onClick={() => consentStore()?.reset()}>
        Forget my cookie choice
      </button>
    </div>
  );
}
