import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";

/** /youraistory: the visitor's newest book, or the creation form when there is none yet. */
export async function loader({ context }: LoaderFunctionArgs) {
  const {
    owner,
    services: { books },
  } = context;
  const latest = await books.latest(owner);
  return redirect(latest ? `/youraistory/${latest}` : "/createstory", { headers: { "Cache-Control": "private, no-store" } });
}
