import { Section } from "~/components/layout/ContentPage";

export interface SafeReplyRow {
  sessionId: string;
  /** ISO: the first safe reply in that conversation */
  first: string;
  /** ISO: the last one */
  last: string;
  times: number;
  /** "Childline on 0800 1111" */
  helpline: string;
}

const day = (iso: string) => {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
};

/**
 * The parent's view of Nino's safe replies: when, in which conversation, and the helpline Nino named.
 * Never the child's words (they are not kept).
 */
export function SafeReplies({ records }: { records: SafeReplyRow[] }) {
  return (
    <Section id="safe-replies" title="When Nino gave the safe reply">
      <p>
        When something your child says sounds as if they might be at risk or in danger, Nino gives a fixed safe reply: it asks them to talk to a grown-up they
        trust straight away and names a children&apos;s helpline of your country. We do not keep what your child said.
      </p>
      <ul className="grid gap-2" data-testid="nino-safe-replies">
        {records.map((r) => (
          <li key={r.sessionId} className="rounded-3xl bg-sky/20 p-4">
            <span className="font-semibold">Nino gave the safe reply on {day(r.first)}</span>
            {r.times > 1 ? ` (${r.times} times in that conversation, the last on ${day(r.last)})` : null}, naming {r.helpline}.
          </li>
        ))}
      </ul>
    </Section>
  );
}
