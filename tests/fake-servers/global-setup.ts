// Global setup for the Workers pool (runs in Node): the fake OpenAI, generic image, Google, Stripe
// and exchange-rate servers, so the real providers, the image endpoints, the Google sign-in, Stripe
// Checkout and the rate service run inside workerd without reaching the network.
import type { TestProject } from "vitest/node";
import { startFakeGoogle } from "./google-server";
import { startFakeImageServer } from "./image-server";
import { startFakeOpenAI } from "./openai-server";
import { startFakeRates } from "./rates-server";
import { startFakeStripe } from "./stripe-server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
    fakeImageUrl: string;
    /** the fake Google's base URL (GOOGLE_OAUTH_URL) and the OAuth client it knows */
    fakeGoogleUrl: string;
    fakeGoogleClientId: string;
    fakeGoogleClientSecret: string;
    /** the fake Stripe's base URL (STRIPE_API_URL) */
    fakeStripeUrl: string;
    /** the fake exchange-rate service's base URL (see rates-server.ts for its paths) */
    fakeRatesUrl: string;
  }
}

const GOOGLE_CLIENT = { clientId: "storynest-test.apps.googleusercontent.com", clientSecret: "fake-google-client-secret" };

export default async function setup(project: TestProject) {
  const [openai, images, google, stripe, rates] = await Promise.all([
    startFakeOpenAI(),
    startFakeImageServer(),
    startFakeGoogle(GOOGLE_CLIENT),
    startFakeStripe(),
    startFakeRates(),
  ]);
  project.provide("fakeOpenAIUrl", `${openai.url}/v1`);
  project.provide("fakeImageUrl", images.url);
  project.provide("fakeGoogleUrl", google.url);
  project.provide("fakeGoogleClientId", GOOGLE_CLIENT.clientId);
  project.provide("fakeGoogleClientSecret", GOOGLE_CLIENT.clientSecret);
  project.provide("fakeStripeUrl", stripe.url);
  project.provide("fakeRatesUrl", rates.url);
  return async () => {
    await Promise.all([openai.close(), images.close(), google.close(), stripe.close(), rates.close()]);
  };
}
