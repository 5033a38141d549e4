/**
 * Where a sign-up form sends the browser back to, and the query parameters that carry the result.
 * Apart from the rest of ./newsletter because the footer's form on every page needs only this in
 * the browser until someone signs up (app/components/layout/Footer.tsx).
 */

/** The query parameters a redirect back to the page carries. */
export const SIGNUP_STATUS_PARAM = "newsletter";
export const SIGNUP_FORM_PARAM = "newsletter_form";

/** The page's own address without a previous sign-up's status (what a form sends as where to come back to). */
export function signupBack(pathname: string, search: string): string {
  const params = new URLSearchParams(search);
  params.delete(SIGNUP_STATUS_PARAM);
  params.delete(SIGNUP_FORM_PARAM);
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}
