import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { useEffect, useState } from "react";
import { isProduction } from "~/services/env.server";

export const meta: MetaFunction = () => [{ title: "Crash test · StoryNest" }, { name: "robots", content: "noindex" }];

/**
 * /test/crash shows the crash screen on purpose (never in production, where it is a 404):
 * - /test/crash                  the loader throws: a server error, logged under the request id;
 * - /test/crash?where=response   the loader throws a 503 response;
 * - /test/crash?where=client     the page renders, then throws while rendering in the browser.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  if (isProduction(context.env)) throw new Response("Not found", { status: 404 });
  const where = new URL(request.url).searchParams.get("where");
  if (where === "client") return { where: "client" as const };
  if (where === "response") throw new Response("The crash test answered 503 on purpose.", { status: 503 });
  throw new Error("Crash test: the /test/crash loader always fails (outside production) to show the crash screen.");
}

export default function CrashTest() {
  const { where } = useLoaderData<typeof loader>();
  const [crash, setCrash] = useState(false);
  useEffect(() => setCrash(true), []);
  if (crash) throw new Error(`Crash test: thrown while rendering in the browser (where=${where}).`);
  return <p className="mx-auto max-w-xl px-4 py-12 text-center text-ink-soft">This page is about to crash in your browser, on purpose…</p>;
}
