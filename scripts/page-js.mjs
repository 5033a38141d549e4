// The JavaScript a page loads before it is interactive, read from the client build's Remix manifest:
// the entry, the root route and the page's route, each with every chunk it imports (what the page's
// HTML asks for with <script type="module"> and <link rel="modulepreload">). Sizes are gzip level 9,
// so the figure is the same on every machine for the same build.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";

/** The pages whose JavaScript is measured and budgeted: path shown → Remix route id. */
export const MEASURED_PAGES = [
  ["/", "routes/_index"],
  ["/createstory", "routes/createstory"],
  ["/pricing", "routes/pricing"],
  ["/library", "routes/library"],
  ["reader (/youraistory/…)", "routes/youraistory.$bookId"],
];

/** The client build's Remix manifest (build/client/assets/manifest-*.js). */
export function readManifest(clientDir = "build/client") {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no Remix manifest in ${assets}: run \`npm run build\` first`);
  const text = readFileSync(join(assets, file), "utf8");
  return JSON.parse(text.replace(/^window\.__remixManifest=/, "").replace(/;\s*$/, ""));
}

/** The files (public paths) one route's page loads at first, and their sizes. */
export function pageJavaScript(routeId, { clientDir = "build/client", manifest = readManifest(clientDir) } = {}) {
  const route = manifest.routes[routeId];
  if (!route) throw new Error(`no route ${routeId} in the manifest`);
  const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
  // the page's route and every parent up to the root
  for (let r = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    files.add(r.module);
    for (const f of r.imports ?? []) files.add(f);
  }
  let raw = 0;
  let gzip = 0;
  const sizes = [];
  for (const f of files) {
    const buf = readFileSync(join(clientDir, f));
    const gz = gzipSync(buf, { level: 9 }).length;
    raw += buf.length;
    gzip += gz;
    sizes.push({ file: f, raw: buf.length, gzip: gz });
  }
  sizes.sort((a, b) => b.gzip - a.gzip);
  return { files: files.size, raw, gzip, sizes };
}
