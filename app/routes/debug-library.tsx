import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { useEffect, useState, useSyncExternalStore } from "react";
import { libraryCache } from "~/components/library/library-cache";
import { loadLibraryDebug } from "~/routes/library.server";
import { Button } from "~/components/ui/Button";
import type { LibraryCacheState } from "~/components/library/library-cache-rules";
import { isProduction } from "~/services/env.server";

/** Development only: the visitor's raw storybooks rows and the browser's library cache. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  return loadLibraryDebug(context);
}

export const meta: MetaFunction = () => [{ title: "Library debugging (development) · StoryNest" }, { name: "robots", content: "noindex, nofollow" }];
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

const utc = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

function when(ms: number | null, now: number): string {
  if (ms === null) return "never";
  const s = Math.round((now - ms) / 1000);
  const ago = s < 60 ? `${s} s ago` : s < 3600 ? `${Math.floor(s / 60)} min ${s % 60} s ago` : `${(s / 3600).toFixed(1)} h ago`;
  return `${utc.format(new Date(ms))} UTC (${ago})`;
}

function kb(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} KB`;
}

export default function DebugLibrary() {
  const { rows, ownerKey } = useLoaderData<typeof loader>();
  const [now, setNow] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const version = useSyncExternalStore(
    (l) => libraryCache.subscribe(l),
    () => libraryCache.snapshot(),
    () => null,
  );
  const [state, setState] = useState<LibraryCacheState | null>(null);

  useEffect(() => {
    libraryCache.setOwner(ownerKey);
    const tick = () => {
      setNow(Date.now());
      setState(libraryCache.debugState());
    };
    tick();
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [ownerKey, version]);

  const reload = async () => {
    setBusy(true);
    await libraryCache.refresh({ force: true });
    setState(libraryCache.debugState());
    setBusy(false);
  };

  const columns = rows.length ? Object.keys(rows[0]) : [];

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <p className="inline-flex items-center gap-2 rounded-full bg-lavender/30 px-3 py-1 text-sm font-semibold text-plum">
        <span aria-hidden="true">🛠️</span> Development only
      </p>
      <h1 className="mt-3 text-3xl font-semibold text-ink sm:text-4xl">Library debugging</h1>
      <p className="mt-2 max-w-3xl text-ink-soft">
        What the{" "}
        <Link to="/library" className="font-semibold text-plum underline underline-offset-2">
          library
        </Link>{" "}
        is made of: this visitor's storybooks rows as stored, and the browser's library cache. This page does not exist in production.
      </p>

      <section aria-labelledby="cache-title" className="mt-8 rounded-3xl bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="cache-title" className="text-xl font-semibold text-ink">
            Browser cache
          </h2>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => libraryCache.invalidate()} data-testid="debug-invalidate">
              Invalidate
            </Button>
            <Button size="sm" onClick={reload} disabled={busy} data-testid="debug-reload">
              {busy ? "Reloading…" : "Reload"}
            </Button>
          </div>
        </div>
        {state && now !== null ? (
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_minmax(0,1fr)]" data-testid="debug-cache-state">
            <dt className="font-semibold text-ink">Owner key (server)</dt>
            <dd className="break-all font-mono text-ink-soft">{ownerKey}</dd>
            <dt className="font-semibold text-ink">Owner key (cache)</dt>
            <dd className="break-all font-mono text-ink-soft">{state.ownerKey ?? "not known yet"}</dd>
            <dt className="font-semibold text-ink">In memory</dt>
            <dd className="text-ink-soft" data-testid="debug-memory">
              {state.memory
                ? `${state.memory.books} books${state.memory.hasMore ? " (more on the server)" : ""}, ${kb(state.memory.bytes)}, ${state.memory.mode}; saved ${when(state.memory.savedAt, now)}`
                : "empty"}
            </dd>
            <dt className="font-semibold text-ink">Last sync</dt>
            <dd className="text-ink-soft">{when(state.lastSyncAt, now)}</dd>
            <dt className="font-semibold text-ink">Last refresh asked</dt>
            <dd className="text-ink-soft">{when(state.lastRefreshAt, now)}</dd>
            <dt className="font-semibold text-ink">Optimistic writes waiting</dt>
            <dd className="text-ink-soft">{state.pendingWrites}</dd>
            <dt className="font-semibold text-ink">Last local storage write</dt>
            <dd className="text-ink-soft">{state.lastWrite ?? "none yet"}</dd>
            <dt className="font-semibold text-ink">Sync</dt>
            <dd className="text-ink-soft">{`${state.syncing ? "running" : "stopped"}, ${state.online ? "online" : "offline"}`}</dd>
            {state.lastError ? (
              <>
                <dt className="font-semibold text-coral-dark">Last error</dt>
                <dd className="text-coral-dark">{state.lastError}</dd>
              </>
            ) : null}
          </dl>
        ) : (
          <p className="mt-4 text-sm text-ink-soft">Reading the cache…</p>
        )}

        <h3 className="mt-6 font-semibold text-ink">Local storage entries (story-app-)</h3>
        {state?.storage?.length ? (
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="debug-storage">
              <thead>
                <tr className="border-b border-ink/10 text-ink">
                  <th className="py-2 pr-4 font-semibold">Key</th>
                  <th className="py-2 pr-4 font-semibold">Size</th>
                  <th className="py-2 font-semibold">Saved</th>
                </tr>
              </thead>
              <tbody>
                {state.storage.map((e) => (
                  <tr key={e.key} className="border-b border-ink/5 text-ink-soft">
                    <td className="py-2 pr-4 font-mono">{e.key}</td>
                    <td className="py-2 pr-4">{kb(e.bytes)}</td>
                    <td className="py-2">{e.savedAt && now !== null ? when(e.savedAt, now) : "unknown"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="mt-2 text-sm text-ink-soft">{state?.storage === null ? "Local storage is not available." : "None."}</p>
        )}
      </section>

      <section aria-labelledby="rows-title" className="mt-8 rounded-3xl bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-6">
        <h2 id="rows-title" className="text-xl font-semibold text-ink">
          storybooks rows <span className="text-base font-normal text-ink-soft">({rows.length}, newest first, long text cut short)</span>
        </h2>
        {rows.length === 0 ? (
          <p className="mt-3 text-ink-soft">This visitor has no books yet.</p>
        ) : (
          <div className="mt-3 max-h-[36rem] overflow-auto rounded-2xl ring-1 ring-ink/10" tabIndex={0} role="region" aria-label="storybooks rows">
            <table className="text-left text-xs" data-testid="debug-rows">
              <thead className="sticky top-0 bg-cream">
                <tr>
                  {columns.map((c) => (
                    <th key={c} className="whitespace-nowrap px-3 py-2 font-semibold text-ink">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((r, i) => (
                  <tr key={String(r.bookId ?? i)} className="border-t border-ink/5 align-top">
                    {columns.map((c) => (
                      <td key={c} className="min-w-[7rem] max-w-[20rem] px-3 py-2 font-mono text-ink-soft">
                        {r[c] === null ? <span className="text-ink/40">null</span> : String(r[c])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </div>
  );
}
