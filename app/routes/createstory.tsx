import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { skipRevalidationAfterUnsent, storyFormClientAction } from "~/components/story-form/client-action";
import { storyFormAction, storyFormHeaders, storyFormLoader } from "~/routes/story-form.server";
import { StoryFormPage } from "~/components/story-form/StoryFormPage";
import { pageMeta } from "~/domain/content/meta";

/** /createstory (and /createstory/*, the same page): make a book from a theme. `?theme=space` chooses one. */
export const meta: MetaFunction = () =>
  pageMeta(
    "Create a storybook for your child",
    "Choose a theme, add your child's name and favourite things, and pick an art style: StoryNest writes and illustrates a picture book starring your child.",
  );

export function loader(args: LoaderFunctionArgs) {
  return storyFormLoader(args, "theme");
}

export function action(args: ActionFunctionArgs) {
  return storyFormAction(args, "theme");
}

export const headers = storyFormHeaders;

// In the browser: a submission that gets no usable answer keeps the form and says so.
export const clientAction = storyFormClientAction;
export const shouldRevalidate = skipRevalidationAfterUnsent;

export default function CreateStory() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // Following a link to another ?theme= or saved child (or a hand-off from Nino) starts the form again with it.
  const [params] = useSearchParams();
  const key = params.get("from") === "nino" ? params.toString() : ["theme", "child", "after", "same"].map((k) => params.get(k) ?? "").join("|");
  return <StoryFormPage key={key} loaderData={loaderData} actionData={actionData} />;
}
