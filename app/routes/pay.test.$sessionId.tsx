import { data, redirect, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { TestPayView, type TestPayAnswer } from "~/components/checkout/TestPayView";
import { pageMeta } from "~/domain/content/meta";
import { marketOfCurrency } from "~/domain/pricing/checkout";
import { formatPrice } from "~/domain/pricing/prices";
import { TEST_CARDS, type PayOutcome } from "~/services/payments/test-provider.server";
import { assertSameOrigin } from "~/routes/auth.server";
import { PRIVATE_HEADERS } from "~/routes/purchase.server";

/**
 * The built-in test provider's checkout page: where a parent "pays" with a test card when no real
 * payment provider is set up (never in production, where this page does not exist). It stands in
 * for the provider's own hosted page: it knows the checkout by its id, not who is signed in.
 */
export const meta: MetaFunction = () => [
  ...pageMeta("Test payment", "The test payment page: no real money moves."),
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: HeadersFunction = () => PRIVATE_HEADERS;

const SESSION_ID = /^cs_test_[A-Za-z0-9]{1,64}$/;
const NOT_FOUND = () => new Response("Not found", { status: 404 });

function testProvider(context: LoaderFunctionArgs["context"], sessionId: string | undefined) {
  const provider = context.services.testPayments;
  if (!provider || !sessionId || !SESSION_ID.test(sessionId)) throw NOT_FOUND();
  return { provider, sessionId };
}

export async function loader({ params, context }: LoaderFunctionArgs) {
  const { provider, sessionId } = testProvider(context, params.sessionId);
  const view = await provider.view(sessionId);
  if (!view) throw NOT_FOUND();
  return data(
    {
      session: {
        id: view.id,
        mode: view.mode,
        status: view.status,
        productName: view.productName,
        quantity: view.quantity,
        interval: view.interval,
        customerEmail: view.customerEmail,
        successUrl: view.successUrl,
        cancelUrl: view.cancelUrl,
      },
      total: formatPrice(view.amountTotalMinor, marketOfCurrency(view.currency)),
      cards: TEST_CARDS,
    },
    { headers: PRIVATE_HEADERS },
  );
}

const formSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("pay"), card: z.string().trim().max(40, "Use one of the test cards listed on this page.") }),
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("refuse") }),
  z.object({ intent: z.literal("cancel") }),
]);

const answer = (body: TestPayAnswer, status: number) => data<TestPayAnswer>(body, { status, headers: PRIVATE_HEADERS });

/** What the provider said, as the page answers it: paid goes on to the shop's success page. */
function outcome(result: PayOutcome, field?: "card") {
  switch (result.outcome) {
    case "paid":
      return redirect(result.successUrl, { headers: PRIVATE_HEADERS });
    case "declined":
      return answer({ error: result.message, field }, 402);
    case "confirm":
      return answer({ step: "confirm" }, 200);
    case "closed":
      return answer({ error: result.message }, 409);
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const { provider, sessionId } = testProvider(context, params.sessionId);
  const form = await request.formData().catch(() => null);
  const parsed = formSchema.safeParse(form ? Object.fromEntries([...form].filter(([, v]) => typeof v === "string")) : null);
  if (!parsed.success) return answer({ error: "We couldn't read that form. Please reload the page and try again." }, 400);
  switch (parsed.data.intent) {
    case "pay":
      if (!parsed.data.card) return answer({ error: "Enter a card number: one of the test cards listed on this page.", field: "card" }, 400);
      return outcome(await provider.pay(sessionId, parsed.data.card), "card");
    case "confirm":
      return outcome(await provider.confirm(sessionId, true));
    case "refuse":
      return outcome(await provider.confirm(sessionId, false));
    case "cancel": {
      const back = await provider.cancel(sessionId);
      if (!back) throw NOT_FOUND();
      return redirect(back, { headers: PRIVATE_HEADERS });
    }
  }
}

export default function TestPayPage() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <TestPayView page={page} answer={answer} />;
}
