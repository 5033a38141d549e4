import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ContentPage } from "~/components/layout/ContentPage";
import { BalanceCard, CreditHistory } from "~/components/purchases/CreditViews";
import { PurchasesNav } from "~/components/purchases/PurchaseUi";
import { pageMeta } from "~/domain/content/meta";
import type { CreditLine } from "~/domain/pricing/orders";
import { requireAccount } from "~/routes/auth.server";
import { PURCHASE_PAGE_HEADERS } from "~/routes/purchases.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Credits", "Your StoryNest credits: how many you have and what you got and spent."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PURCHASE_PAGE_HEADERS;

/** How many history entries the page shows (the newest). */
const HISTORY_LIMIT = 100;

export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAccount(request, context);
  const { payments } = context.services;
  const [balance, history] = await Promise.all([payments.balance(context.owner), payments.history(context.owner, HISTORY_LIMIT)]);
  const lines: CreditLine[] = history;
  return { balance, lines, limited: lines.length === HISTORY_LIMIT };
}

export default function UserCredits() {
  const { balance, lines, limited } = useLoaderData<typeof loader>();
  return (
    <ContentPage eyebrow="Your account" title="Credits" tone="mint" card={false} lede={<p>What you have, and every credit you got and spent.</p>}>
      <PurchasesNav />
      <BalanceCard balance={balance} />
      <CreditHistory lines={lines} limited={limited} />
    </ContentPage>
  );
}
