import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav } from "~/components/account/AccountUi";
import { ChildDelete } from "~/components/children/ChildDelete";
import { ChildEditor } from "~/components/children/ChildEditor";
import type { ChildActionData } from "~/components/children/page-data";
import { ContentPage } from "~/components/layout/ContentPage";
import { buttonClass } from "~/components/ui/Button";
import { pageMeta } from "~/domain/content/meta";
import { accountPageHeaders } from "~/routes/account.server";
import { childAction, childEditorLoader } from "~/routes/children.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  ...pageMeta(data ? `${data.values.name}'s details` : "Your child", "A saved child's details."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = ({ actionHeaders }) => accountPageHeaders(actionHeaders);

export function loader(args: LoaderFunctionArgs) {
  return childEditorLoader(args, args.params.childId ?? "");
}

export function action(args: ActionFunctionArgs) {
  return childAction(args, args.params.childId ?? "");
}

/** /myaccount/children/{id}: a saved child's details, and deleting them (decision 054). */
export default function Child() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<ChildActionData>();
  const name = data.values.name;
  return (
    <ContentPage
      eyebrow="Your children"
      title={name}
      tone="peach"
      card={false}
      lede={<p>{`What every book made for ${name} starts from. A change here shows in the next book; the books already made stay as they are.`}</p>}
    >
      <AccountNav />
      <p className="mb-6">
        <Link to={`/createstory?child=${data.childId}`} className={buttonClass("primary", "md", "w-full sm:w-auto")}>
          {`Make a book for ${name}`}
        </Link>
      </p>
      <ChildEditor key={data.version} data={data} answer={answer} />
      <div className="mt-6">
        <ChildDelete childId={data.childId ?? ""} name={name} answer={answer?.intent === "delete-start" ? answer : undefined} />
      </div>
    </ContentPage>
  );
}
