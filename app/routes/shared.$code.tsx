import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { PublicStoryView } from "~/components/share/PublicStoryView";
import { SharedBanner, SharedNotice, type SharedNotOpen } from "~/components/social/SharedPages";
import { SocialPanel } from "~/components/social/SocialPanel";
import { useViewer } from "~/components/social/useViewer";
import { BRAND } from "~/domain/content/meta";
import { isShareCode } from "~/domain/social/social";
import { pageParam } from "~/domain/story/reader/navigation";
import { assertSameOrigin, requestInfo, retryAfterHeaders, signedInRedirect } from "./auth.server";

/**
 * /shared/{code}: a book shared with one family member by e-mail. The code is not a key on its own:
 * the book shows only to the account the share was sent to (or to the book's owner), while the
 * share is live. Every other case is a page of its own words and nothing of the book. Never cached,
 * never indexed, and no Referer, so the code does not travel to another site.
 *
 * `?key=` is the e-mail's single-use sign-in link: the page posts it (by itself once its script
 * runs, or with its button), so a mail scanner that only opens the link spends nothing; the post
 * signs the browser in to the share's address and opens the book (share-links in decision 047).
 */

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

/** The same words on the server and in the browser (UTC), so hydration never disagrees. */
const untilFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const STATUS: Record<SharedNotOpen["state"], number> = {
  "sign-in": 200,
  "open-link": 200,
  "link-used": 410,
  "fresh-sent": 200,
  "other-account": 403,
  expired: 410,
  revoked: 410,
  "not-found": 404,
};

const notOpen = (notice: SharedNotOpen, headers?: HeadersInit) =>
  data({ open: false as const, notice }, { status: STATUS[notice.state], headers: { ...PRIVATE_HEADERS, ...headers } });

const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  if (!isShareCode(params.code)) return notOpen({ state: "not-found" });
  const { social, books } = context.services;
  const url = new URL(request.url);
  const opened = await social.shares.open(params.code, context.account);
  const key = url.searchParams.get("key");
  // Signed in as the address already: the key is not needed (nor spent), and leaves the address bar.
  if (key && opened.state === "live") throw redirect(`/shared/${params.code}`, { headers: PRIVATE_HEADERS });
  if (opened.state === "sign-in" && key && KEY_PATTERN.test(key)) return notOpen({ state: "open-link", maskedEmail: opened.maskedEmail, key });
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
      startPage: pageParam(url.searchParams.get("page")),
    },
    { headers: PRIVATE_HEADERS },
  );
}

/** intent=open (key): the one-step sign-in; intent=fresh: a fresh link e-mailed to the share's address. */
export async function action({ params, context, request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  if (!isShareCode(params.code)) return notOpen({ state: "not-found" });
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  const info = requestInfo(request, context);
  const who = { visitorId: info.visitorId, device: info.device, client: info.client, site: info.site };
  const { shares } = context.services.social;
  if (intent === "fresh") {
    const sent = await shares.sendFreshLink(params.code, who);
    if (sent.ok) return notOpen({ state: "fresh-sent", maskedEmail: sent.maskedEmail });
    if ("state" in sent) return notOpen({ state: sent.state });
    return data({ open: false as const, tooMany: true }, { status: 429, headers: { ...PRIVATE_HEADERS, ...retryAfterHeaders(sent.retryAfterS) } });
  }
  const key = form?.get("key");
  if (intent !== "open" || typeof key !== "string") return data({ open: false as const, unreadable: true }, { status: 400, headers: PRIVATE_HEADERS });
  const opened = await shares.openWithLink(params.code, key, context.account, who);
  if (opened.state === "signed-in") return signedInRedirect(request, context, opened.result, `/shared/${params.code}`);
  if (opened.state === "open") return redirect(`/shared/${params.code}`);
  return notOpen(opened);
}

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(PRIVATE_HEADERS);
  const retryAfter = actionHeaders?.get("Retry-After") ?? loaderHeaders?.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.open ? `${data.story.title} · ${BRAND}` : `A shared book · ${BRAND}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

/** What the action answers when it does not redirect. */
type ActionAnswer = { open: false; notice?: SharedNotOpen; tooMany?: true; unreadable?: true };

export default function SharedBook() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>() as ActionAnswer | undefined;
  const { signedIn, signIn } = useViewer();
  if (answered) {
    const problem = answered.tooMany ? "too-many" : answered.unreadable ? "unreadable" : null;
    const shown: SharedNotOpen = answered.notice ?? (loaded.open ? { state: "not-found" } : loaded.notice);
    // never the page that posts its link by itself again: that would loop
    const notice = shown.state === "open-link" ? { state: "link-used" as const, maskedEmail: shown.maskedEmail } : shown;
    return <SharedNotice notice={notice} signIn={signIn} signedIn={signedIn} problem={problem} />;
  }
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
