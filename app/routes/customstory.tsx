import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { skipRevalidationAfterUnsent, storyFormClientAction } from "~/components/story-form/client-action";
import { storyFormAction, storyFormHeaders, storyFormLoader } from "~/routes/story-form.server";
import { StoryFormPage } from "~/components/story-form/StoryFormPage";
import { pageMeta } from "~/domain/content/meta";

/** /customstory (and /customstory/*): the free path, the parent's own plot outline and a length. */
export const meta: MetaFunction = () =>
  pageMeta(
    "Write your own story",
    "Tell us the story you have in mind, in your own words: StoryNest writes it out page by page and illustrates it, with your child as the hero.",
  );

export function loader(args: LoaderFunctionArgs) {
  return storyFormLoader(args, "custom");
}

export function action(args: ActionFunctionArgs) {
  return storyFormAction(args, "custom");
}

export const headers = storyFormHeaders;

// In the browser: a submission that gets no usable answer keeps the form and says so.
export const clientAction = storyFormClientAction;
export const shouldRevalidate = skipRevalidationAfterUnsent;

export default function CustomStory() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Choosing another saved child starts the form again from them.
  const [params] = useSearchParams();
  return <StoryFormPage key={params.get("child") ?? ""} loaderData={loaderData} actionData={actionData} />;
}
