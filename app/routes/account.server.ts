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
