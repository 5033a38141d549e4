/**
 * The one mapping from zod's issues to what a caller or a form is shown. Every API answer that lists
 * problems, every form that shows a message beside a field, and every log line that describes a
 * value that did not parse start from `fieldIssues`.
 *
 *   fieldIssues(error)              [{ path: "page.content", message: "Too long" }]   (an API's list)
 *   fieldErrors(error)              { page: "Too long" }   (a form: the first message per field)
 *   describeIssues(error)           "page.content: Too long"   (one line of text)
 */

/** One problem: where (the dotted path; "" for the value as a whole) and what, in the schema's words. */
export type FieldIssue = { path: string; message: string };

/** What zod's error carries (a ZodError, or the error of `safeParse` from zod/mini). */
type IssuesOf = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

export function fieldIssues(error: IssuesOf): FieldIssue[] {
  return error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message }));
}

function asIssues(from: IssuesOf | readonly FieldIssue[]): readonly FieldIssue[] {
  return "issues" in from ? fieldIssues(from) : from;
}

/** The key a problem with the value as a whole is filed under. */
export const WHOLE_FORM = "form";

/**
 * The first message for each field (the first part of the path, or the first `depth` parts for a
 * form with a control per list item: "companions.2.name"; `form` for the value as a whole).
 * `keyFor` files a field under another key (a form whose control is named differently), or leaves it
 * out by answering undefined.
 */
export function fieldErrors<K extends string = string>(
  from: IssuesOf | readonly FieldIssue[],
  keyFor: (field: string) => K | undefined = (field) => field as K,
  { depth = 1 }: { depth?: number } = {},
): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const issue of asIssues(from)) {
    const key = keyFor(issue.path === "" ? WHOLE_FORM : issue.path.split(".").slice(0, depth).join("."));
    if (key !== undefined) out[key] ??= issue.message;
  }
  return out;
}

/**
 * The problems as one line: `path: message` joined by "; ", at most `max` of them; a problem with
 * the value as a whole is named `whole` ("body" unless told).
 */
export function describeIssues(from: IssuesOf | readonly FieldIssue[], options: { max?: number; whole?: string } = {}): string {
  const issues = asIssues(from);
  return issues
    .slice(0, options.max ?? issues.length)
    .map((i) => `${i.path || (options.whole ?? "body")}: ${i.message}`)
    .join("; ");
}
