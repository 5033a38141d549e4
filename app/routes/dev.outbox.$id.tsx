import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { isProduction } from "~/services/env.server";
import { KindBadge, formatTime } from "./dev.outbox";

/** One kept e-mail: its headers, the HTML in a sandboxed frame, and the plain text. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const email = params.id ? await context.services.outbox.get(params.id) : null;
  if (!email) throw new Response("Not found", { status: 404 });
  return { email };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.email.subject} · Outbox · StoryNest` : "Outbox · StoryNest" },
  { name: "robots", content: "noindex, nofollow" },
];

export default function OutboxEmail() {
  const { email } = useLoaderData<typeof loader>();
  const rows: Array<[string, string]> = [
    ["From", email.from],
    ["To", email.to.join(", ")],
    ...(email.replyTo ? ([["Reply to", email.replyTo]] as Array<[string, string]>) : []),
    ["Kept", formatTime(email.createdAt)],
    // the extra headers (List-Unsubscribe ...), as the provider would send them
    ...Object.entries(email.headers ?? {}),
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
      <dl className="mt-4 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="font-semibold text-ink-soft">{k}</dt>
            <dd className="break-words text-ink">{v}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-7 text-lg font-semibold text-ink">How it looks</h3>
      <iframe
        title={`HTML version of “${email.subject}”`}
        sandbox=""
        referrerPolicy="no-referrer"
        srcDoc={email.html}
        className="mt-2 h-[560px] w-full rounded-2xl border-2 border-ink/10 bg-paper"
        data-testid="outbox-html"
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
