import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav } from "~/components/account/AccountUi";
import { ChildEditor } from "~/components/children/ChildEditor";
import type { ChildActionData } from "~/components/children/page-data";
import { ContentPage } from "~/components/layout/ContentPage";
import { pageMeta } from "~/domain/content/meta";
import { accountPageHeaders } from "~/routes/account.server";
import { childAction, childEditorLoader } from "~/routes/children.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Save a child", "Save your child once for every new book."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = ({ actionHeaders }) => accountPageHeaders(actionHeaders);

export function loader(args: LoaderFunctionArgs) {
  return childEditorLoader(args, null);
}

export function action(args: ActionFunctionArgs) {
  return childAction(args, null);
}

/** /myaccount/children/new: save a child (decision 054). */
export default function NewChild() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<ChildActionData>();
  return (
    <ContentPage
      eyebrow="Your children"
      title="Save a child"
      tone="peach"
      card={false}
      lede={<p>A few details, once. Every new book can then start from this child, drawn the same way every time.</p>}
    >
      <AccountNav />
      <ChildEditor data={data} answer={answer} />
    </ContentPage>
  );
}
