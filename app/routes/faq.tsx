import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { FaqPageView } from "~/components/layout/InfoPageView";
import { pageMeta } from "~/domain/content/meta";
import { getFaqPage } from "~/services/content/pages.server";

/** The questions and answers are content/pages/faq.md. */
export async function loader() {
  return { page: getFaqPage() };
}

export const meta: MetaFunction<typeof loader> = ({ data }) => (data ? pageMeta(data.page.title, data.page.description) : []);

export default function Faq() {
  const { page } = useLoaderData<typeof loader>();
  return <FaqPageView page={page} />;
}
