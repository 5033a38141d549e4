import { data, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminDashboard } from "~/components/admin/AdminDashboard";
import { NotFound } from "~/components/layout/NotFound";
import { NOT_FOUND_META, pageMeta } from "~/domain/content/meta";
import { ADMIN_PAGE_HEADERS, isAdmin } from "~/routes/admin.server";
import { loadDashboard, parseRange } from "~/services/analytics/dashboard.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data?.admin ? [...pageMeta("Dashboard", "Visits, books and purchases."), { name: "robots", content: "noindex, nofollow" }] : NOT_FOUND_META;

// The 404 is answered by this route itself (not thrown to the root's boundary) so it keeps these headers.
export const headers: HeadersFunction = () => ADMIN_PAGE_HEADERS;

export async function loader({ context, request }: LoaderFunctionArgs) {
  if (!isAdmin(context)) return data({ admin: false as const }, { status: 404 });
  const range = parseRange(new URL(request.url).searchParams);
  return { admin: true as const, board: await loadDashboard(context.services.db.$client, range) };
}

export default function Admin() {
  const page = useLoaderData<typeof loader>();
  if (!page.admin) return <NotFound />;
  return <AdminDashboard board={page.board} />;
}
