import { data, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AccountNav, FormAlert, answerTo, usePageAlert, type AccountActionData } from "~/components/account/AccountUi";
import { accountPageHeaders, textOf } from "~/routes/account.server";
import { AvatarSection, NamesSection, type AvatarView } from "~/components/account/ProfileSections";
import { ContentPage } from "~/components/layout/ContentPage";
import { ACCOUNT_PAGE_MESSAGES, AVATAR_MAX_BYTES, AVATAR_PATH } from "~/domain/auth/account-pages";
import { pageMeta } from "~/domain/content/meta";
import { assertSameOrigin, requireProfile } from "~/routes/auth.server";

export const meta: MetaFunction = () => [...pageMeta("Your profile", "Your name and picture on StoryNest."), { name: "robots", content: "noindex, nofollow" }];

// A private page: never stored by a shared cache.
export const headers: HeadersFunction = ({ actionHeaders }) => accountPageHeaders(actionHeaders);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = requireProfile(request, context);
  // read now, not from the request's start: after a form post without JavaScript, the page shows what it saved
  const profile = await context.services.profile.details(account.userProfileId);
  let avatar: AvatarView = null;
  if (profile?.avatarUrl === AVATAR_PATH && profile.avatarKey) {
    // the key's random part in the address, so a new picture is never answered from the browser's cache
    avatar = { src: `${AVATAR_PATH}?v=${profile.avatarKey.split("/").pop()}`, uploaded: true };
  } else if (profile?.avatarUrl?.startsWith("https://")) {
    avatar = { src: profile.avatarUrl, uploaded: false };
  }
  return { firstName: profile?.firstName ?? "", lastName: profile?.lastName ?? "", avatar };
}

const answer = (body: AccountActionData, status = 200, headers?: HeadersInit) => data<AccountActionData>(body, { status, headers });
/** A throttled change: 429, and when to try again. */
const throttled = (intent: string) => answer({ intent, formError: ACCOUNT_PAGE_MESSAGES.throttled }, 429, { "Retry-After": "60" });
/** A multipart body a little larger than the picture itself is still fine (the other fields, the boundaries). */
const BODY_MAX_BYTES = AVATAR_MAX_BYTES + 64 * 1024;

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const account = requireProfile(request, context);
  if (Number(request.headers.get("Content-Length") ?? 0) > BODY_MAX_BYTES) {
    return answer({ intent: "avatar", fieldErrors: { avatar: ACCOUNT_PAGE_MESSAGES.avatarSize } }, 413);
  }
  const form = await request.formData().catch(() => null);
  if (!form) return answer({ intent: "form", formError: ACCOUNT_PAGE_MESSAGES.unreadable }, 400);
  const intent = form.get("intent");

  if (intent === "names") {
    const values = { firstName: textOf(form, "firstName"), lastName: textOf(form, "lastName") };
    const result = await context.services.accounts.saveNames(account, values);
    if (!result.ok)
      return answer({ intent, fieldErrors: result.fieldErrors, formError: result.fieldErrors ? undefined : result.message, values }, result.status);
    if (result.ignored) return throttled(intent);
    return answer({ intent, notice: ACCOUNT_PAGE_MESSAGES.namesSaved });
  }

  if (intent === "avatar") {
    const file = form.get("avatar");
    if (!(file instanceof File) || (file.size === 0 && !file.name))
      return answer({ intent, fieldErrors: { avatar: ACCOUNT_PAGE_MESSAGES.avatarMissing } }, 400);
    const result = await context.services.profile.saveAvatar(account, new Uint8Array(await file.arrayBuffer()));
    if (!result.ok) return answer({ intent, fieldErrors: { avatar: result.message } }, result.status);
    if (result.ignored) return throttled(intent);
    return answer({ intent, notice: ACCOUNT_PAGE_MESSAGES.avatarSaved });
  }

  if (intent === "remove-avatar") {
    const result = await context.services.profile.removeAvatar(account);
    if (result.ignored) return throttled(intent);
    return answer({ intent, notice: ACCOUNT_PAGE_MESSAGES.avatarRemoved });
  }

  return answer({ intent: "form", formError: ACCOUNT_PAGE_MESSAGES.unknownIntent }, 400);
}

export default function Profile() {
  const { firstName, lastName, avatar } = useLoaderData<typeof loader>();
  const actionData = useActionData<AccountActionData>();
  const { general, alertRef } = usePageAlert(actionData);
  return (
    <ContentPage
      eyebrow="Your account"
      title="Your profile"
      tone="lavender"
      card={false}
      lede={<p>Your name and your picture: what your family sees of you on StoryNest.</p>}
    >
      <AccountNav />
      {general?.formError ? (
        <FormAlert ref={alertRef} testId="profile-alert">
          {general.formError}
        </FormAlert>
      ) : null}
      <NamesSection firstName={firstName} lastName={lastName} answer={answerTo(actionData, "names")} />
      <AvatarSection avatar={avatar} firstName={firstName} lastName={lastName} answer={answerTo(actionData, "avatar", "remove-avatar")} />
    </ContentPage>
  );
}
