import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav } from "~/components/account/AccountUi";
import { ChildEditor } from "~/components/children/ChildEditor";
import type { ChildActionData } from "~/components/children/page-data";
import { ContentPage } from "~/components/layout/ContentPage";
import { buttonClass } from "~/components/ui/Button";
import { CHILDREN_FULL } from "~/domain/children/child";
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
      {data.full ? (
        <div className="rounded-[2rem] bg-paper p-5 shadow-card ring-1 ring-ink/5 sm:p-8" data-testid="children-full">
          <p className="text-lg font-semibold text-ink">{CHILDREN_FULL}</p>
          <Link to="/myaccount/children" className={buttonClass("secondary", "md", "mt-4 w-full sm:w-auto")}>
            Back to your children
          </Link>
        </div>
      ) : (
        <ChildEditor data={data} answer={answer} />
      )}
    </ContentPage>
  );
}
