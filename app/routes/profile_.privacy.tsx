import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav } from "~/components/account/AccountUi";
import { ContentPage } from "~/components/layout/ContentPage";
import { PrivacyForm, type PrivacyActionData } from "~/components/social/PrivacyForm";
import { pageMeta } from "~/domain/content/meta";
import { STORY_PRIVACY_CHOICES, type PrivacySettingsView, type StoryPrivacy } from "~/domain/social/social";
import { accountPageHeaders } from "~/routes/account.server";
import { assertSameOrigin, requireAccount } from "~/routes/auth.server";

export const meta: MetaFunction = () => [
  ...pageMeta("Privacy settings", "Who can read your StoryNest books, and which e-mails you get."),
  { name: "robots", content: "noindex, nofollow" },
];

// A private page: never stored by a shared cache.
export const headers: HeadersFunction = ({ actionHeaders }) => accountPageHeaders(actionHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = requireAccount(request, context);
  return { settings: await context.services.social.privacy.get(account.userId) };
}

const isStoryPrivacy = (value: unknown): value is StoryPrivacy => typeof value === "string" && (STORY_PRIVACY_CHOICES as readonly string[]).includes(value);

/**
 * The whole form, every time: a ticked box is sent as "on", an unticked one is not sent at all, so
 * a missing box means off (the page always sends all seven).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const account = requireAccount(request, context);
  const form = await request.formData().catch(() => null);
  const story = form?.get("defaultStoryPrivacy");
  if (!form || !isStoryPrivacy(story)) {
    return data<PrivacyActionData>({ formError: "Please choose who can read a new book, then save again." }, { status: 400 });
  }
  const on = (name: keyof PrivacySettingsView) => form.get(name) === "on";
  const { privacy } = context.services.social;
  const before = await privacy.get(account.userId);
  const after = await privacy.update(account.userId, {
    allowPublicSharing: on("allowPublicSharing"),
    allowFamilyDiscovery: on("allowFamilyDiscovery"),
    defaultStoryPrivacy: story,
    notifyNewReactions: on("notifyNewReactions"),
    notifyNewComments: on("notifyNewComments"),
    notifyFamilyRequests: on("notifyFamilyRequests"),
    notifyStoryShares: on("notifyStoryShares"),
  });
  const withdrawn = before.allowPublicSharing && !after.allowPublicSharing;
  return data<PrivacyActionData>({
    notice: withdrawn
      ? "Your privacy settings are saved. Public links are off: every public link to your books has stopped working."
      : "Your privacy settings are saved.",
  });
}

export default function PrivacySettingsPage() {
  const { settings } = useLoaderData<typeof loader>();
  const answer = useActionData<PrivacyActionData>();
  return (
    <ContentPage
      eyebrow="Your account"
      title="Privacy settings"
      tone="sky"
      card={false}
      lede={<p>Who can read your books, what family members see when they share with you, and which e-mails StoryNest sends you.</p>}
    >
      <AccountNav />
      <PrivacyForm settings={settings} answer={answer} />
    </ContentPage>
  );
}
