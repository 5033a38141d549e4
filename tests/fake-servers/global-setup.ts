// Global setup for the Workers pool (runs in Node): the fake OpenAI and generic image servers, so
// the real providers and the image endpoints run inside workerd without reaching the network.
import type { TestProject } from "vitest/node";
import { startFakeImageServer } from "./image-server";
import { startFakeOpenAI } from "./openai-server";

declare module "vitest" {
  export interface ProvidedContext {
    fakeOpenAIUrl: string;
    fakeImageUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const [openai, images] = await Promise.all([startFakeOpenAI(), startFakeImageServer()]);
  project.provide("fakeOpenAIUrl", `${openai.url}/v1`);
  project.provide("fakeImageUrl", images.url);
  return async () => {
    await Promise.all([openai.close(), images.close()]);
  };
}
