import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, NavLink, Outlet, useLoaderData, useParams } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { isProduction } from "~/services/env.server";

/** Development only: every e-mail the offline provider kept in D1, newest first. */
export async function loader({ context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const emails = await context.services.outbox.list(200);
  return { emails, provider: context.services.email.provider };
}

export const meta: MetaFunction = () => [{ title: "Outbox (development) · StoryNest" }, { name: "robots", content: "noindex, nofollow" }];
export const headers: HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "no-store" });

const KIND_LABELS: Record<string, { label: string; tint: string }> = {
  contact: { label: "Contact form", tint: "bg-sky/35" },
  story: { label: "Story ready", tint: "bg-mint/45" },
  pdf: { label: "PDF ready", tint: "bg-sun/45" },
  "plan-purchase": { label: "Plan purchase", tint: "bg-lavender/40" },
  account: { label: "Account", tint: "bg-peach" },
  newsletter: { label: "Newsletter", tint: "bg-mint-soft" },
  "nino-safety": { label: "Nino safe reply", tint: "bg-sky/35" },
  "story-share": { label: "Story shared", tint: "bg-mint/45" },
  "social-digest": { label: "Reactions & comments", tint: "bg-sun/45" },
};

export function KindBadge({ kind }: { kind: string }) {
  const k = KIND_LABELS[kind] ?? { label: kind, tint: "bg-ink/10" };
  return <span className={cn("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold text-ink", k.tint)}>{k.label}</span>;
}

const timeFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

/** The same text on the server and in the browser (UTC), so hydration never disagrees. */
export function formatTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : `${timeFormat.format(d)} UTC`;
}

export default function Outbox() {
  const { emails, provider } = useLoaderData<typeof loader>();
  const { id } = useParams();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <div className={cn(id && "hidden lg:block")}>
        <p className="inline-flex items-center gap-2 rounded-full bg-lavender/30 px-3 py-1 text-sm font-semibold text-plum">
          <span aria-hidden="true">🛠️</span> Development only
        </p>
        <h1 className="mt-3 text-3xl font-semibold text-ink sm:text-4xl">Outbox</h1>
        <p className="mt-2 max-w-3xl text-ink-soft">
          Without a <code className="rounded bg-ink/5 px-1.5 py-0.5 text-sm">RESEND_API_KEY</code>, every e-mail StoryNest would send is kept here instead. This
          page does not exist in production.
        </p>
        {provider === "resend" ? (
          <p role="status" className="mt-4 rounded-2xl border-2 border-sun bg-sun/20 p-4 text-ink">
            A Resend key is set, so new e-mails go to Resend and will not appear here. The list shows what was kept before.
          </p>
        ) : null}
      </div>

      <div className={cn("grid gap-6 lg:mt-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]", !id && "mt-8")}>
        <section aria-labelledby="outbox-list-title" className={cn(id && "hidden lg:block")}>
          <h2 id="outbox-list-title" className="sr-only">
            Kept e-mails
          </h2>
          {emails.length === 0 ? (
            <div className="rounded-3xl bg-paper p-8 text-center shadow-sm ring-1 ring-ink/5">
              <p aria-hidden="true" className="text-4xl">
                📭
              </p>
              <p className="mt-3 text-lg font-semibold text-ink">The outbox is empty</p>
              <p className="mt-1 text-ink-soft">
                Send a message from the{" "}
                <Link to="/contact" className="font-semibold text-plum underline underline-offset-2">
                  contact page
                </Link>{" "}
                and it will appear here.
              </p>
            </div>
          ) : (
            <>
              <p className="mb-3 text-sm text-ink-soft" data-testid="outbox-count">
                {emails.length === 1 ? "1 e-mail" : `${emails.length} e-mails, newest first`}
              </p>
              <ol className="grid gap-3" data-testid="outbox-list">
                {emails.map((e) => (
                  <li key={e.id}>
                    <NavLink
                      to={`/dev/outbox/${encodeURIComponent(e.id)}`}
                      className={({ isActive }) =>
                        cn(
                          "block min-h-11 rounded-2xl bg-paper p-4 shadow-sm ring-1 transition hover:ring-plum/40",
                          isActive ? "ring-2 ring-plum" : "ring-ink/5",
                        )
                      }
                    >
                      <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                        <KindBadge kind={e.kind} />
                        <time dateTime={e.createdAt} className="text-xs text-ink-soft">
                          {formatTime(e.createdAt)}
                        </time>
                      </span>
                      <span className="mt-2 block font-semibold leading-snug text-ink">{e.subject}</span>
                      <span className="mt-1 block truncate text-sm text-ink-soft">{`To: ${e.to.join(", ")}`}</span>
                    </NavLink>
                  </li>
                ))}
              </ol>
            </>
          )}
        </section>

        <div className="min-w-0">
          {id ? (
            <Outlet />
          ) : emails.length > 0 ? (
            <div className="hidden h-full min-h-64 items-center justify-center rounded-3xl border-2 border-dashed border-ink/15 p-8 text-center text-ink-soft lg:flex">
              Choose an e-mail to read its text and see how it looks.
            </div>
          ) : null}
        </div>
      </div>
    </div>
  );
}
