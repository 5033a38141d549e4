import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { cn } from "~/components/ui/cn";
import { isProduction } from "~/services/env.server";
import { KindBadge, formatTime } from "./dev.outbox";

/** The widths an e-mail is shown at: a small phone, and the widest a mail client gives a message. */
const WIDTHS = [
  { px: 320, label: "Phone", hint: "320 px" },
  { px: 600, label: "Wide", hint: "600 px" },
] as const;
type Width = (typeof WIDTHS)[number]["px"];

function widthOf(url: string): Width {
  return new URL(url).searchParams.get("width") === "320" ? 320 : 600;
}

/** One kept e-mail as it will look: its headers, the HTML in a sandboxed frame at a chosen width, and the plain text. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const email = params.id ? await context.services.outbox.get(params.id) : null;
  if (!email) throw new Response("Not found", { status: 404 });
  return { email, width: widthOf(request.url) };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.email.subject} · Outbox · StoryNest` : "Outbox · StoryNest" },
  { name: "robots", content: "noindex, nofollow" },
];

function WidthSwitch({ width }: { width: Width }) {
  return (
    <nav aria-label="Preview width" className="mt-2 flex flex-wrap gap-2" data-testid="outbox-widths">
      {WIDTHS.map((w) => (
        <Link
          key={w.px}
          to={{ search: `?width=${w.px}` }}
          preventScrollReset
          aria-current={w.px === width ? "true" : undefined}
          className={cn(
            "inline-flex min-h-11 items-center gap-2 rounded-full px-4 font-semibold ring-2 transition",
            w.px === width ? "bg-plum text-paper ring-plum" : "bg-paper text-plum ring-ink/10 hover:ring-plum/40",
          )}
        >
          {w.label} <span className="text-sm font-normal">{w.hint}</span>
        </Link>
      ))}
    </nav>
  );
}

export default function OutboxEmail() {
  const { email, width } = useLoaderData<typeof loader>();
  const rows: Array<[string, string]> = [
    ["From", email.from],
    ["To", email.to.join(", ")],
    ...(email.replyTo ? ([["Reply to", email.replyTo]] as Array<[string, string]>) : []),
    ["Subject", email.subject],
    ...Object.entries(email.headers),
    ["Kept", formatTime(email.createdAt)],
  ];
  return (
    <article aria-labelledby="email-subject" className="rounded-3xl bg-paper p-5 shadow-sm ring-1 ring-ink/5 sm:p-7" data-testid="outbox-email">
      <Link to="/dev/outbox" className="mb-3 flex min-h-11 w-fit items-center gap-2 font-semibold text-plum underline-offset-2 hover:underline lg:hidden">
        <span aria-hidden="true">←</span> All e-mails
      </Link>
      <KindBadge kind={email.kind} />
      <h2 id="email-subject" className="mt-2 text-2xl font-semibold leading-snug text-ink">
        {email.subject}
      </h2>

      <h3 className="mt-6 text-lg font-semibold text-ink">Headers</h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm" data-testid="outbox-headers">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-ink-soft">{k}</dt>
            <dd className="break-words text-ink">{v}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-7 text-lg font-semibold text-ink">How it looks</h3>
      <WidthSwitch width={width} />
      <iframe
        title={`HTML version of “${email.subject}”, ${width} px wide`}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={email.html}
        style={{ width: `${width}px` }}
        className="mt-3 h-[720px] max-w-full rounded-2xl border-2 border-ink/10 bg-paper"
        data-testid="outbox-html"
        data-width={width}
      />

      <h3 className="mt-7 text-lg font-semibold text-ink">Plain text</h3>
      <pre
        className="mt-2 max-h-[480px] overflow-auto whitespace-pre-wrap break-words rounded-2xl bg-cream p-4 font-sans text-sm leading-relaxed text-ink"
        data-testid="outbox-text"
      >
        {email.text}
      </pre>
    </article>
  );
}
