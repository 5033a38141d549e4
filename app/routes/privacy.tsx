import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { InfoPageView } from "~/components/layout/InfoPageView";
import { pageMeta } from "~/domain/content/meta";
import { getInfoPage } from "~/services/content/pages.server";

/** The text of this page is content/pages/privacy.md. */
export async function loader() {
  return { page: getInfoPage("privacy") };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.page.title, data.page.description) : []);

export default function Privacy() {
  const { page } = useLoaderData<typeof loader>();
  return <InfoPageView page={page} />;
}
