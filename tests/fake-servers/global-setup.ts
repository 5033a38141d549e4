// Global setup for the Workers pool (runs in Node): the fake OpenAI, generic image and Google
// servers, so the real providers, the image endpoints and the Google sign-in run inside workerd
// without reaching the network.
import type { TestProject } from "vitest/node";
import { startFakeGoogle } from "./google-server";
import { startFakeImageServer } from "./image-server";
import { startFakeOpenAI } from "./openai-server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
    fakeImageUrl: string;
    /** the fake Google's base URL (GOOGLE_OAUTH_URL) and the OAuth client it knows */
    fakeGoogleUrl: string;
    fakeGoogleClientId: string;
    fakeGoogleClientSecret: string;
  }
}

const GOOGLE_CLIENT = { clientId: "storynest-test.apps.googleusercontent.com", clientSecret: "fake-google-client-secret" };

export default async function setup(project: TestProject) {
  const [openai, images, google] = await Promise.all([startFakeOpenAI(), startFakeImageServer(), startFakeGoogle(GOOGLE_CLIENT)]);
  project.provide("fakeOpenAIUrl", `${openai.url}/v1`);
  project.provide("fakeImageUrl", images.url);
  project.provide("fakeGoogleUrl", google.url);
  project.provide("fakeGoogleClientId", GOOGLE_CLIENT.clientId);
  project.provide("fakeGoogleClientSecret", GOOGLE_CLIENT.clientSecret);
  return async () => {
    await Promise.all([openai.close(), images.close(), google.close()]);
  };
}
