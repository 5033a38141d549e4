import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AccountNav } from "~/components/account/AccountUi";
import { ChildrenList } from "~/components/children/ChildrenList";
import { ContentPage } from "~/components/layout/ContentPage";
import { pageMeta } from "~/domain/content/meta";
import { accountPageHeaders } from "~/routes/account.server";
import { childrenLoader } from "~/routes/children.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Your children", "Your saved children: every new book can start from them."),
  { name: "robots", content: "noindex, nofollow" },
];

// A private page: never stored by a shared cache.
export const headers: HeadersFunction = ({ actionHeaders }) => accountPageHeaders(actionHeaders);

export function loader(args: LoaderFunctionArgs) {
  return childrenLoader(args);
}

/** /myaccount/children: the parent's saved children (decision 054). */
export default function Children() {
  const { children, limit, deleted } = useLoaderData<typeof loader>();
  return (
    <ContentPage
      eyebrow="Your account"
      title="Your children"
      tone="peach"
      card={false}
      lede={<p>Save each child once. Every new book can start from them, so they are the same child, with the same look, in every story.</p>}
    >
      <AccountNav />
      <ChildrenList children={children} limit={limit} deleted={deleted} />
    </ContentPage>
  );
}
