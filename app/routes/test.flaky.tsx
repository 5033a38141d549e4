import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { RouteErrorBoundary } from "~/components/overlays/RouteErrorBoundary";
import { isProduction } from "~/services/env.server";

export const meta: MetaFunction = () => [{ title: "Flaky page test · StoryNest" }, { name: "robots", content: "noindex" }];

const query = z.object({
  /** Separates one test's counter from another's. */
  key: z
    .string()
    .regex(/^[A-Za-z0-9-]{1,64}$/)
    .default("default"),
  /** How many loads fail before one succeeds. */
  failures: z.coerce.number().int().min(0).max(20).default(3),
  /** network: a 503 (the retry box's connection text); server: a thrown error (its generic text). */
  kind: z.enum(["network", "server"]).default("server"),
});

// Loads per key. Only a test page outside production uses it; it lives as long as the isolate.
const loads = new Map<string, number>();

/**
 * /test/flaky fails its first `failures` loads for a `key`, then succeeds: it shows the route-level
 * error boundary's retry box at work. Never in production (404 there).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new Response("Bad query: key (letters, digits, dashes), failures (0-20), kind (network or server)", { status: 400 });
  const { key, failures, kind } = parsed.data;
  if (loads.size > 1_000) loads.clear();
  const count = (loads.get(key) ?? 0) + 1;
  loads.set(key, count);
  if (count <= failures) {
    if (kind === "network") throw new Response(`Flaky test page: pretending the server is unreachable (load ${count})`, { status: 503 });
    throw new Error(`Flaky test page: failing on purpose (load ${count} of ${failures} failures)`);
  }
  return { count, failures };
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}

export default function FlakyTest() {
  const { count, failures } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="font-display text-3xl font-semibold">It worked!</h1>
      <p className="mt-3 text-ink-soft" data-testid="flaky-result">
        Loaded on try {count}, after {failures} planned {failures === 1 ? "failure" : "failures"}.
      </p>
      <Link to="/" className="mt-6 inline-block font-semibold text-plum underline">
        Back to the home page
      </Link>
    </div>
  );
}
