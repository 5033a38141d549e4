/**
 * A small front-matter reader for our own Markdown files: a block of `key: value` lines between two
 * `---` lines at the very top. Values may be wrapped in single or double quotes. Anything richer
 * (lists, nesting) is deliberately not supported and is reported as an error.
 */
export interface FrontMatter {
  data: Record<string, string>;
  body: string;
}

export class FrontMatterError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "FrontMatterError";
  }
}

const FENCE = /^---[ \t]*$/;
const LINE = /^([A-Za-z][\w-]*)[ \t]*:[ \t]*(.*)$/;

export function parseFrontMatter(raw: string): FrontMatter {
  const text = raw.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const lines = text.split("\n");
  if (!FENCE.test(lines[0] ?? "")) throw new FrontMatterError("The file must start with a '---' front-matter line");
  const end = lines.findIndex((line, i) => i > 0 && FENCE.test(line));
  if (end === -1) throw new FrontMatterError("The front matter is not closed with a '---' line");

  const data: Record<string, string> = {};
  for (let i = 1; i < end; i++) {
    const line = lines[i];
    if (line.trim() === "" || line.trimStart().startsWith("#")) continue;
    const match = LINE.exec(line);
    if (!match) throw new FrontMatterError(`Front-matter line ${i + 1} is not 'key: value': ${line}`);
    const [, key, rawValue] = match;
    if (key in data) throw new FrontMatterError(`Front-matter key '${key}' appears twice`);
    data[key] = unquote(rawValue.trim());
  }
  return {
    data,
    body: lines
      .slice(end + 1)
      .join("\n")
      .replace(/^\n+/, ""),
  };
}

function unquote(value: string): string {
  if (value.length >= 2) {
    const first = value[0];
    const last = value[value.length - 1];
    if (first === '"' && last === '"') return value.slice(1, -1).replace(/\\"/g, '"');
    if (first === "'" && last === "'") return value.slice(1, -1).replace(/''/g, "'");
  }
  return value;
}
