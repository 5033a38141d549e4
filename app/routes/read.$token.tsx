import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { EmailedBanner, KeepYourBooks, LinkNotWorking } from "~/components/share/EmailedStory";
import { PublicStoryView } from "~/components/share/PublicStoryView";
import { BRAND } from "~/domain/content/meta";
import { pageParam } from "~/domain/story/reader/navigation";
import { EMAIL_LINK_TTL_MS } from "~/services/email/links.server";

/**
 * /read/{token}: the read-only copy of a finished book, opened from the link in the story e-mail a
 * visitor without an account asked for. The token is the only key (no sign-in, no cookie): it opens
 * this one book until it expires, and is deleted with the book. The page is never indexed, never
 * cached, and sends no Referer, so the token does not travel to another site.
 */

const READ_LINK_DAYS = Math.round(EMAIL_LINK_TTL_MS["read-book"] / (24 * 60 * 60_000));

/** The same words on the server and in the browser (UTC), so hydration never disagrees. */
const untilFormat = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
} as const;

export async function loader({ params, context, request }: LoaderFunctionArgs) {
  const link = params.token ? await context.services.emailLinks.open(params.token, "read-book") : null;
  const story = link?.bookId && params.token ? await context.services.sharing.readOnlyStory(link.bookId, params.token) : null;
  // Unknown, expired, another kind of link, or a book deleted since: one clear page, never the book.
  if (!link || !story) return data({ found: false as const, days: READ_LINK_DAYS }, { status: 404, headers: PRIVATE_HEADERS });
  return data(
    {
      found: true as const,
      story,
      until: untilFormat.format(new Date(link.expiresAt)),
      startPage: pageParam(new URL(request.url).searchParams.get("page")),
    },
    { headers: PRIVATE_HEADERS },
  );
}

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data?.found ? `${data.story.title} · ${BRAND}` : `Link expired · ${BRAND}` },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function ReadFromEmail() {
  const loaded = useLoaderData<typeof loader>();
  if (!loaded.found) return <LinkNotWorking days={loaded.days} />;
  const { story, until, startPage } = loaded;
  return (
    <PublicStoryView
      key={story.bookId}
      story={story}
      startPage={startPage}
      banner={<EmailedBanner title={story.title} until={until} />}
      invite={<KeepYourBooks />}
    />
  );
}
