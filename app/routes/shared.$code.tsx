import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublicStoryView } from "~/components/share/PublicStoryView";
import { SharedBanner, SharedNotice, type SharedNotOpen } from "~/components/social/SharedPages";
import { SocialPanel } from "~/components/social/SocialPanel";
import { useViewer } from "~/components/social/useViewer";
import { BRAND } from "~/domain/content/meta";
import { isShareCode } from "~/domain/social/social";
import { pageParam } from "~/domain/story/reader/navigation";

/**
 * /shared/{code}: a book shared with one family member by e-mail. The code is not a key on its own:
 * the book shows only to the account the share was sent to (or to the book's owner), while the
 * share is live. Every other case is a page of its own words and nothing of the book. Never cached,
 * never indexed, and no Referer, so the code does not travel to another site.
 */

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** The same words on the server and in the browser (UTC), so hydration never disagrees. */
const untilFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const STATUS: Record<SharedNotOpen["state"], number> = { "sign-in": 200, "other-account": 403, expired: 410, revoked: 410, "not-found": 404 };

const notOpen = (notice: SharedNotOpen) => data({ open: false as const, notice }, { status: STATUS[notice.state], headers: PRIVATE_HEADERS });

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  if (!isShareCode(params.code)) return notOpen({ state: "not-found" });
  const { social, books } = context.services;
  const opened = await social.shares.open(params.code, context.account);
  if (opened.state !== "live") return notOpen(opened.state === "sign-in" ? { state: "sign-in", maskedEmail: opened.maskedEmail } : { state: opened.state });
  const { story } = opened;
  const [reactions, comments, own] = await Promise.all([
    social.reactions.state(story.bookId, context.account?.userId ?? null),
    social.comments.state(story.bookId, context.account),
    books.get(context.owner, story.bookId),
  ]);
  return data(
    {
      open: true as const,
      story,
      social: { reactions, comments },
      sharedByName: opened.sharedByName,
      owner: Boolean(own),
      until: untilFormat.format(new Date(opened.expiresAt)),
      startPage: pageParam(new URL(request.url).searchParams.get("page")),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.open ? `${data.story.title} · ${BRAND}` : `A shared book · ${BRAND}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function SharedBook() {
  const loaded = useLoaderData<typeof loader>();
  const { signedIn, signIn } = useViewer();
  if (!loaded.open) return <SharedNotice notice={loaded.notice} signIn={signIn} signedIn={signedIn} />;
  const { story, social, sharedByName, owner, until, startPage } = loaded;
  return (
    <PublicStoryView
      key={story.bookId}
      story={story}
      startPage={startPage}
      banner={<SharedBanner sharedByName={sharedByName} until={until} owner={owner} />}
      social={<SocialPanel bookId={story.bookId} initial={social} />}
    />
  );
}
