import type { AppEnv } from "../env.server";
import { createOfflineModerator } from "../moderation/offline.server";
import type { Moderator } from "../moderation/types";
import type { Illustrator } from "./image";
import { offlineIllustrator, offlineWriter } from "./offline.server";
import type { StoryWriter } from "./text";

/** The one place the writer, illustrator and moderator are chosen from the environment. */
export function chooseProviders(_env: AppEnv): { writer: StoryWriter; illustrator: Illustrator; moderator: Moderator } {
  return { writer: offlineWriter, illustrator: offlineIllustrator, moderator: createOfflineModerator() };
}
