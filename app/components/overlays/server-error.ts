/**
 * Whether an error reached the browser from the server, which logged it under the request's id.
 * Remix sends server errors as route error responses (thrown Responses) or as sanitised Errors that
 * carry no stack (single fetch decodes them with `error.stack = undefined` in production builds); an
 * error thrown in the browser always has a stack.
 *
 * Apart from the report's code (./error-report) because the root's error boundary asks it on every
 * page, while the report itself is needed only once something has crashed.
 */
export function isServerError(error: unknown): boolean {
  if (error && typeof error === "object" && "status" in error && "statusText" in error && "internal" in error) {
    // `internal` ones are made by the router in the browser (e.g. no route matches).
    return (error as { internal: unknown }).internal === false;
  }
  return error instanceof Error && typeof error.stack !== "string";
}
