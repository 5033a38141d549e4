import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { isProduction } from "~/services/env.server";

export const meta: MetaFunction = () => [{ title: "Slow page test · StoryNest" }, { name: "robots", content: "noindex" }];

const query = z.object({ ms: z.coerce.number().int().min(0).max(5_000).default(1_500) });

/** /test/slow takes `ms` milliseconds to load, to show 'Loading page...'. Never in production. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const parsed = query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) throw new Response("Bad query: ms must be a whole number from 0 to 5000", { status: 400 });
  await new Promise((resolve) => setTimeout(resolve, parsed.data.ms));
  return { ms: parsed.data.ms };
}

export default function SlowTest() {
  const { ms } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-xl px-4 py-12 text-center">
      <h1 className="font-display text-3xl font-semibold">A slow page</h1>
      <p className="mt-3 text-ink-soft">This page took {ms} ms to load.</p>
      <Link to="/test/overlays" className="mt-6 inline-block font-semibold text-plum underline">
        Back to the overlay playground
      </Link>
    </div>
  );
}
