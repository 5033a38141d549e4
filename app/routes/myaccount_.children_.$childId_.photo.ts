import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { isChildId } from "~/domain/ids";
import { pictureNotFound, privatePicture } from "~/routes/account.server";

/**
 * GET /myaccount/children/{id}/photo: a saved child's photo (its square when there is one), to the
 * parent who saved it only; anyone else, and a child without a photo, gets 404.
 */
export async function loader({ context, params, request }: LoaderFunctionArgs) {
  const profileId = context.account?.userProfileId;
  if (!profileId || !isChildId(params.childId)) return pictureNotFound();
  const picture = await context.services.children.photo(profileId, params.childId);
  return picture ? privatePicture(picture, request) : pictureNotFound();
}
