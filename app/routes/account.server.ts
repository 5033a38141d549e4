/**
 * What /profile and /myaccount share on the server: their headers. They are private pages (never
 * kept by a shared cache); a refused change says when to try again (Retry-After from the action).
 */
export function accountPageHeaders(actionHeaders: Headers): HeadersInit {
  const headers: Record<string, string> = { "Cache-Control": "private, no-store", Vary: "Cookie" };
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers["Retry-After"] = retryAfter;
  return headers;
}

/** A text field's value ("" when it is missing or is a file). */
export function textOf(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** 404 for a private picture that is not there, or not the asker's. */
export const pictureNotFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });

/**
 * A private picture (the parent's own avatar, a saved child's photo) to the parent it belongs to:
 * the browser may keep it but must ask again each time (the pages add its version to the address).
 */
export async function privatePicture(picture: R2ObjectBody, request: Request): Promise<Response> {
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
