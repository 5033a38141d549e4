import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { PricingPageData } from "~/components/pricing/page-data";
import { PricingPage } from "~/components/pricing/PricingPage";
import { pageMeta } from "~/domain/content/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Prices: credit packs and the monthly plan",
    "One credit makes one illustrated storybook starring your child. See the credit packs and the monthly plan in your own currency. Credits never expire.",
  );

/** /pricing: the plans on sale, priced in the request's market, and a signed-in parent's credits. */
export async function loader({ context }: LoaderFunctionArgs): Promise<PricingPageData> {
  const { market, source } = context.market;
  const [list, balance] = await Promise.all([
    context.services.pricing.priceList(market),
    context.account
      ? context.services.payments.balance(context.owner).catch((error: unknown) => {
          context.log.warn("credit balance not read", { error });
          return null;
        })
      : Promise.resolve(null),
  ]);
  return {
    market,
    source,
    plans: list.plans.map(({ id, kind, name, description, credits, popular, formatted, perCredit }) => ({
      id,
      kind,
      name,
      description,
      credits,
      popular,
      formatted,
      perCredit,
    })),
    ratesDate: list.ratesDate,
    ratesSource: list.ratesSource,
    balance,
    signedIn: context.account !== null,
    payments: context.services.payments.providerName,
  };
}

export default function Pricing() {
  const data = useLoaderData<typeof loader>();
  return <PricingPage data={data} />;
}
