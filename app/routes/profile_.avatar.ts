import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { pictureNotFound, privatePicture } from "~/routes/account.server";

/**
 * GET /profile/avatar: the signed-in parent's own uploaded picture, to that parent only (for now no
 * one else sees it). A visitor, or an account without an uploaded picture, gets 404.
 */
export async function loader({ context, request }: LoaderFunctionArgs) {
  const profileId = context.account?.userProfileId;
  if (!profileId) return pictureNotFound();
  const picture = await context.services.profile.readAvatar(profileId);
  return picture ? privatePicture(picture, request) : pictureNotFound();
}
