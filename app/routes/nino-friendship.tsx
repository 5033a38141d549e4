import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect } from "react";
import { ContentPage, Section } from "~/components/layout/ContentPage";
import { NinoAvatar } from "~/components/nino/NinoAvatar";
import { SafeReplies } from "~/components/nino/SafeReplies";
import { SESSION_KEY } from "~/components/nino/session";
import { TalkToNinoButton } from "~/components/nino/TalkToNinoButton";
import { buttonClass } from "~/components/ui/Button";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "What Nino remembers",
    "See what Nino, the StoryNest companion, remembers about your family: names, favourite themes and stories made. Clear it whenever you like.",
  );

export async function loader({ context }: LoaderFunctionArgs) {
  const { nino } = context.services;
  // the record of Nino's safe replies is shown to a signed-in parent only (never to a child on a visitor's browser)
  const [memory, conversations, safeReplies] = await Promise.all([
    nino.memory(context.owner),
    nino.conversations(context.owner),
    context.account ? nino.safeReplies(context.owner) : [],
  ]);
  const f = memory.friendship;
  const details = f.personalDetails;
  return {
    met: memory.updatedAt !== null,
    conversations: conversations.length,
    updatedAt: memory.updatedAt,
    name: details.name ?? null,
    age: details.age ?? null,
    favourites: unique([...details.favoriteThings, ...memory.preferences.favoriteThemes]),
    artStyles: memory.preferences.preferredArtStyles,
    family: unique([...details.family, ...f.familyContext.siblings, ...f.familyContext.parents]),
    pets: unique([...details.pets, ...f.familyContext.pets]),
    dreams: details.dreams,
    storiesCreated: memory.history.storiesCreated,
    activitiesCompleted: memory.history.activitiesCompleted,
    lastInteraction: memory.history.lastInteraction,
    strengths: memory.learning.strengths,
    interests: memory.learning.interests,
    milestones: f.milestones.map((m) => ({ title: m.title, at: m.at })),
    safeReplies: safeReplies.map((r) => ({ sessionId: r.sessionId, first: r.createdAt, last: r.lastAt, times: r.times, helpline: r.helpline })),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") throw data({ error: "Method not allowed" }, { status: 405 });
  const form = await request.formData().catch(() => null);
  if (form?.get("intent") !== "forget") return data({ forgotten: false, error: "We didn't understand that request." }, { status: 400 });
  await context.services.nino.forgetEverything(context.owner);
  return { forgotten: true, error: null };
}

function unique(list: string[]): string[] {
  const seen = new Set<string>();
  return list.filter((x) => {
    const k = x.toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function when(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? null : d.toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
}

function Chips({ items, empty }: { items: string[]; empty: string }) {
  if (items.length === 0) return <p className="text-ink-soft">{empty}</p>;
  return (
    <ul className="list-plain flex flex-wrap gap-2">
      {items.map((i) => (
        <li key={i} className="rounded-full bg-lavender-soft px-3 py-1 font-semibold text-ink">
          {i}
        </li>
      ))}
    </ul>
  );
}

export default function NinoFriendship() {
  const m = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const forgetting = navigation.state !== "idle" && navigation.formData?.get("intent") === "forget";

  // Forgetting also starts a new conversation in this browser.
  useEffect(() => {
    if (!result?.forgotten) return;
    try {
      localStorage.removeItem(SESSION_KEY);
    } catch {
      // storage blocked: nothing was kept there either
    }
  }, [result]);

  return (
    <ContentPage
      eyebrow="Nino's memory"
      title={m.met && m.name ? `What Nino remembers about ${m.name}` : "What Nino remembers"}
      tone="mint"
      lede={
        <p>
          Nino remembers a few small things so the next chat feels like meeting a friend. Here is all of it, in plain words. It belongs to you: clear it
          whenever you like.
        </p>
      }
      art={<NinoAvatar mood={m.met ? "gentle" : "curious"} className="size-40" />}
    >
      {result?.forgotten ? (
        <p role="status" className="rounded-3xl bg-mint-soft p-5 font-semibold text-ink" data-testid="nino-forgotten">
          Done. Nino has forgotten everything, and your next chat starts fresh.
        </p>
      ) : null}
      {result?.error ? (
        <p role="alert" className="rounded-3xl bg-peach p-5 font-semibold text-ink">
          {result.error}
        </p>
      ) : null}
      {!m.met ? (
        <Section id="new" title="Nino hasn't met your family yet">
          <p>
            Once your child chats with Nino, you'll see here what Nino remembers: a first name, favourite themes, the stories you made together and the games
            played.
          </p>
          <div>
            <TalkToNinoButton label="Say hello to Nino" />
          </div>
        </Section>
      ) : (
        <>
          <Section id="about" title="About your child">
            <dl className="grid gap-4 sm:grid-cols-2" data-testid="nino-memory">
              <div>
                <dt className="font-bold">Name</dt>
                <dd className="text-ink-soft">{m.name ?? "Not told yet"}</dd>
              </div>
              <div>
                <dt className="font-bold">Age</dt>
                <dd className="text-ink-soft">{m.age ?? "Not told yet"}</dd>
              </div>
              <div>
                <dt className="font-bold">Stories made with Nino</dt>
                <dd className="text-ink-soft">{m.storiesCreated}</dd>
              </div>
              <div>
                <dt className="font-bold">Games played</dt>
                <dd className="text-ink-soft">{m.activitiesCompleted}</dd>
              </div>
              {when(m.lastInteraction) ? (
                <div>
                  <dt className="font-bold">Last chat</dt>
                  <dd className="text-ink-soft">{when(m.lastInteraction)}</dd>
                </div>
              ) : null}
            </dl>
          </Section>
          <Section id="favourites" title="Favourite things">
            <Chips items={m.favourites} empty="No favourites yet." />
            {m.artStyles.length > 0 ? (
              <>
                <h3 className="text-lg font-semibold">Favourite art styles</h3>
                <Chips items={m.artStyles} empty="" />
              </>
            ) : null}
          </Section>
          <Section id="family" title="Family and pets">
            <Chips items={[...m.family, ...m.pets]} empty="Nino doesn't know about family or pets yet." />
          </Section>
          {m.strengths.length > 0 || m.interests.length > 0 ? (
            <Section id="learning" title="Learning">
              <Chips items={unique([...m.strengths, ...m.interests])} empty="" />
            </Section>
          ) : null}
          {m.milestones.length > 0 ? (
            <Section id="milestones" title="Milestones">
              <ul className="grid gap-1">
                {m.milestones.map((x) => (
                  <li key={`${x.title}-${x.at}`}>
                    🏅 {x.title} <span className="text-ink-soft">({when(x.at)})</span>
                  </li>
                ))}
              </ul>
            </Section>
          ) : null}
        </>
      )}
      {m.safeReplies.length > 0 ? <SafeReplies records={m.safeReplies} /> : null}
      {m.met || m.conversations > 0 || m.safeReplies.length > 0 ? (
        <Section id="forget" title="Forget everything">
          <p>
            This clears everything above and deletes {m.conversations === 1 ? "your conversation" : "every conversation"} with Nino, word for word, so your next
            chat starts as a first meeting. Books you made are not touched.
          </p>
          <details className="rounded-3xl border-2 border-ink/10 p-4">
            <summary className={buttonClass("secondary", "md", "cursor-pointer list-none")}>Forget everything…</summary>
            <Form method="post" className="mt-4 grid gap-3">
              <p className="font-semibold">Are you sure? This can't be undone.</p>
              <div className="flex flex-wrap gap-2">
                <button type="submit" name="intent" value="forget" className={buttonClass("danger", "md")} disabled={forgetting}>
                  {forgetting ? "Forgetting…" : "Yes, forget everything"}
                </button>
              </div>
            </Form>
          </details>
          <p>
            Want to know more? Read <Link to="/nino-demo">how Nino works</Link> and our <Link to="/privacy">privacy policy</Link>.
          </p>
        </Section>
      ) : null}
    </ContentPage>
  );
}
