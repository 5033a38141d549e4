// Benchmark: how often the offline moderator is right about family comments. Runs it over the test
// sets in tests/fixtures/comments (kind.txt must be posted, unkind.txt refused for its category)
// and prints the share it gets right, each way, with every wrong answer, and the time per comment.
// Usage: npx tsx bench/moderation.ts
import { checkField } from "~/services/moderation/offline";
import { KIND, UNKIND } from "../tests/fixtures/comments/sets";

const started = performance.now();
const wrongKind = KIND.filter((text) => !checkField("comment", text).ok);
const wrongUnkind = UNKIND.filter(({ text, category }) => {
  const verdict = checkField("comment", text);
  return verdict.ok || !verdict.categories.includes(category);
});
const ms = (performance.now() - started) / (KIND.length + UNKIND.length);

const pct = (right: number, all: number) => `${((100 * right) / all).toFixed(1)}%`;
const all = KIND.length + UNKIND.length;
const right = all - wrongKind.length - wrongUnkind.length;
console.log(`kind comments posted:    ${KIND.length - wrongKind.length}/${KIND.length} (${pct(KIND.length - wrongKind.length, KIND.length)})`);
console.log(`unkind comments refused: ${UNKIND.length - wrongUnkind.length}/${UNKIND.length} (${pct(UNKIND.length - wrongUnkind.length, UNKIND.length)})`);
console.log(`right overall:           ${right}/${all} (${pct(right, all)}), ${ms.toFixed(2)} ms a comment`);
for (const text of wrongKind) console.log(`  refused but kind: ${text}`);
for (const { category, text } of wrongUnkind) console.log(`  posted or misnamed (${category}): ${text}`);
process.exitCode = right === all ? 0 : 1;
