/**
 * Prints one story from the offline writer, to read it.
 *   npx tsx scripts/sample-story.ts [--theme Space] [--age 6] [--gender girl] [--name Mia] [--seed abc]
 *     [--description "..."] [--moral "..."] [--specials "a, b, c"] [--author Grandma] [--scenes]
 * Without --description/--moral/--specials, the theme's built-in template fills them.
 */
import { BUILT_IN_THEMES, fillPlaceholders, splitSpecialElements } from "../app/domain/story/themes";
import { pageTitle, type StoryBrief } from "../app/domain/story/book";
import { writeStory } from "../app/domain/story/writer";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const theme = arg("theme") ?? "Adventure";
const name = arg("name") ?? "Mia";
const template = BUILT_IN_THEMES.find((t) => t.theme.toLowerCase() === theme.toLowerCase());
const brief: StoryBrief = {
  childName: name,
  age: Number(arg("age") ?? 6),
  gender: (arg("gender") ?? "girl") as StoryBrief["gender"],
  authorName: arg("author") ?? "Grandma",
  theme,
  storyDescription: arg("description") ?? (template ? fillPlaceholders(template.description, name) : ""),
  moralLesson: arg("moral") ?? template?.moralLesson ?? "",
  specialElements: splitSpecialElements(arg("specials") ?? template?.specialElements ?? ""),
  artStyle: template?.artStyle ?? "storybook",
};
const story = writeStory(brief, arg("seed") ?? "sample-seed");
const showScenes = process.argv.includes("--scenes");
console.log(`# ${story.title}\n\n${story.dedication}\n`);
if (showScenes) console.log(`[cover] ${story.coverScene}\n[character] ${story.characterSheet.description}\n`);
story.pages.forEach((p, i) => {
  console.log(`## ${pageTitle(i + 3)}\n${p.content}`);
  if (showScenes) console.log(`  [scene] ${p.scene}`);
  console.log("");
});
