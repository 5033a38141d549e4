import { Marked, type Token, type Tokens } from "marked";

/**
 * The one Markdown renderer for our own content (content/blog and content/pages): GitHub-flavoured
 * Markdown, so the HTML is trusted. One addition: a bulleted list in which every item opens with a
 * bold line ended by a line break is drawn as cards, the bold words as the card's title and each
 * further line as a paragraph:
 *
 *     - **Photo (optional)**\
 *       To make the illustrations look like your child.
 */
const markdown = new Marked({ gfm: true, breaks: false, async: false });

markdown.use({
  renderer: {
    list(token) {
      if (token.ordered || token.items.length === 0 || !token.items.every((item) => cardLines(item) !== null)) return false;
      const cards = token.items.map((item) => {
        const [title, ...lines] = cardLines(item)!;
        const heading = `<p class="font-bold text-ink">${this.parser.parseInline((title[0] as Tokens.Strong).tokens)}</p>`;
        const text = lines.map((line) => `<p class="mt-1 text-base text-ink-soft">${this.parser.parseInline(line)}</p>`).join("");
        return `<li class="rounded-2xl bg-cream p-4 ring-1 ring-ink/5">${heading}${text}</li>`;
      });
      return `<ul class="list-plain grid gap-3">${cards.join("")}</ul>\n`;
    },
  },
});

/** A card item's inline tokens cut at its line breaks (the first line is the bold title), or null. */
function cardLines(item: Tokens.ListItem): Token[][] | null {
  const [only, ...others] = item.tokens;
  if (others.length > 0 || !only || (only.type !== "text" && only.type !== "paragraph")) return null;
  const inline = (only as Tokens.Text | Tokens.Paragraph).tokens ?? [];
  if (inline[0]?.type !== "strong" || inline[1]?.type !== "br") return null;
  const lines: Token[][] = [[]];
  for (const t of inline) {
    if (t.type === "br") lines.push([]);
    else lines[lines.length - 1].push(t);
  }
  return lines[0].length === 1 ? lines.filter((l) => l.length > 0) : null;
}

export function renderMarkdown(text: string): string {
  return markdown.parse(text, { async: false }) as string;
}

/** One line of Markdown (links, emphasis), without a paragraph around it. */
export function renderInline(text: string): string {
  return markdown.parseInline(text, { async: false }) as string;
}

export function lexMarkdown(text: string): Token[] {
  return markdown.lexer(text);
}

export function renderTokens(tokens: Token[]): string {
  return markdown.parser(tokens);
}

/**
 * Cuts block tokens at the headings of one depth: what comes before the first such heading (`lead`)
 * and one part per heading with the tokens up to the next one. A heading shallower than `depth` is
 * an error (the page has its own title and the text must not add another level above).
 */
export function splitAtHeadings(where: string, tokens: Token[], depth: number): { lead: Token[]; parts: Array<{ heading: string; tokens: Token[] }> } {
  const lead: Token[] = [];
  const parts: Array<{ heading: string; tokens: Token[] }> = [];
  for (const token of tokens) {
    if (token.type === "heading") {
      const h = token as Tokens.Heading;
      if (h.depth < depth) throw new Error(`${where}: the heading '${h.text}' must be at least level ${depth} (${"#".repeat(depth)})`);
      if (h.depth === depth) {
        parts.push({ heading: h.text, tokens: [] });
        continue;
      }
    }
    (parts.length > 0 ? parts[parts.length - 1].tokens : lead).push(token);
  }
  return { lead, parts };
}

/** True when the tokens are only blank lines. */
export function isBlank(tokens: Token[]): boolean {
  return tokens.every((t) => t.type === "space");
}
