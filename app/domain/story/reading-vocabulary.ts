import type { ReadingBandId } from "./reading-level";

/**
 * Each reading band's vocabulary, as the words its own lines never use (the parent's words are
 * theirs to choose). Kept apart from the bands so the story form's hint does not carry the lists.
 */
// Words a younger reader stumbles on; each band also excludes the younger bands' lists.
const HARD_FOR_UNDER_6 =
  "absolutely actually adventurous astonished bewildered breathtaking carefully certainly completely considered curious definitely delighted determined disappeared discovered enormous especially eventually exhausted extraordinary fascinating frustrated glimmering gradually imagination immediately incredible magnificent mysterious nervously particularly peculiar perhaps possibility realised remarkable shimmering suddenly suspicious tremendous unfortunately whispering wonderful".split(
    " ",
  );
const HARD_FOR_UNDER_8 =
  "bewildered breathtaking considered exasperated extraordinary fascinating gradually magnificent particularly peculiar possibility remarkable suspicious tremendous".split(
    " ",
  );
const HARD_FOR_UNDER_10 = "exasperated particularly".split(" ");

const TOO_HARD: Record<ReadingBandId, ReadonlySet<string>> = {
  "1-3": new Set(HARD_FOR_UNDER_6),
  "4-5": new Set(HARD_FOR_UNDER_6),
  "6-7": new Set(HARD_FOR_UNDER_8),
  "8-9": new Set(HARD_FOR_UNDER_10),
  "10-12": new Set(),
};

export function hardWordsFor(band: ReadingBandId): ReadonlySet<string> {
  return TOO_HARD[band];
}
