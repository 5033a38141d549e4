import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { readerEngine } from "~/components/reader/engine.server";

/** /youraistory: the visitor's newest book, or the creation form when there is none yet. */
export async function loader({ context }: LoaderFunctionArgs) {
  const { owner, books } = readerEngine(context);
  const latest = await books.latest(owner);
  return redirect(latest ? `/youraistory/${latest}` : "/createstory", { headers: { "Cache-Control": "private, no-store" } });
}
