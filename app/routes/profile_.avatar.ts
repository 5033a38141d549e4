import type { LoaderFunctionArgs } from "@remix-run/cloudflare";

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * GET /profile/avatar: the signed-in parent's own uploaded picture, to that parent only (for now no
 * one else sees it). A visitor, or an account without an uploaded picture, gets 404. The browser
 * may keep it but must ask again each time (the page adds the picture's version to the address).
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const profileId = context.account?.userProfileId;
  if (!profileId) return notFound();
  const picture = await context.services.profile.readAvatar(profileId);
  if (!picture) return notFound();
  const headers = new Headers({
    "Content-Type": picture.httpMetadata?.contentType ?? "application/octet-stream",
    "Cache-Control": "private, no-cache",
    ETag: picture.httpEtag,
    Vary: "Cookie",
    "X-Content-Type-Options": "nosniff",
  });
  if (request.headers.get("If-None-Match") === picture.httpEtag) {
    await picture.body.cancel();
    return new Response(null, { status: 304, headers });
  }
  return new Response(picture.body, { headers });
}
