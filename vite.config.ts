import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import MagicString from "magic-string";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

const PRETTIER_SHIM = fileURLToPath(new URL("./workers/shims/prettier.ts", import.meta.url));
const UTIL_SHIM = fileURLToPath(new URL("./workers/shims/util.ts", import.meta.url));
const REMEMBERED_MATCHING = fileURLToPath(new URL("./workers/shims/remembered-route-matching.ts", import.meta.url));
const REMEMBERED_ROUTES = fileURLToPath(new URL("./workers/shims/remembered-server-routes.ts", import.meta.url));

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The server build is one self-contained ES module for workerd: every dependency is bundled
// (noExternal) and resolved with the worker conditions, so wrangler and the Workers test pool
// import it as it is.
// Every page loads the root route, so every module the root imports statically is in every page's
// first load. Split over many small files (because other routes share some of them) each is
// compressed apart and asked for apart; one chunk holds them all instead, which costs no page
// anything it did not load already. Only the client build is split this way.
const ROOT_MODULE = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
// The story form's modules that only a saved child's page also uses (its photo field, decision 054)
// stay in the story form's chunk: split off, they cost /createstory a second file, compressed
// apart; that page loads the story form's chunk instead.
const STORY_FORM_MODULE = fileURLToPath(new URL("./app/components/story-form/StoryFormPage.tsx", import.meta.url));
const CHILD_EDITOR_MODULE = fileURLToPath(new URL("./app/components/children/ChildEditor.tsx", import.meta.url));
let rootGraph: Set<string> | undefined;
let storyFormGraph: Set<string> | undefined;
let storyFormPages: Set<string> | undefined;
interface ModuleInfo {
  importedIds: readonly string[];
  importers: readonly string[];
  dynamicImporters: readonly string[];
}
type GetModuleInfo = (id: string) => ModuleInfo | null;

/** The modules `entry` imports statically, however deep, but for those also imported on demand. */
function staticGraph(entry: string, getModuleInfo: GetModuleInfo): Set<string> {
  const graph = new Set<string>();
  const queue = [entry];
  for (let next = queue.pop(); next; next = queue.pop()) {
    const info = getModuleInfo(next);
    // a module also imported on demand (a part loaded when needed, whose static import serves
    // only the server's render) keeps a chunk of its own
    if (graph.has(next) || !info || (next !== entry && info.dynamicImporters.length > 0)) continue;
    graph.add(next);
    queue.push(...info.importedIds);
  }
  return graph;
}

/** The pages (route modules) that load `id` as they start: its static importers, however far up, under app/routes. */
function pagesOf(id: string, getModuleInfo: GetModuleInfo): Set<string> {
  const pages = new Set<string>();
  const seen = new Set<string>();
  const queue = [id];
  for (let next = queue.pop(); next; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    if (next.includes("/app/routes/")) pages.add(next);
    queue.push(...(getModuleInfo(next)?.importers ?? []));
  }
  return pages;
}

/**
 * The chunk of a module of the story form: "StoryFormPage" when no page loads it but the story
 * form's and a saved child's; else a chunk shared by exactly the pages that load it (what Rollup
 * would make by itself; a manual chunk would otherwise take in every module it imports).
 */
const sharedChunks = new Map<string, string>();
function storyFormChunk(path: string, getModuleInfo: GetModuleInfo): string | undefined {
  storyFormGraph ??= staticGraph(STORY_FORM_MODULE, getModuleInfo);
  // a part the story form loads on demand keeps a chunk of its own, as the root's parts do
  const info = getModuleInfo(path);
  if (info && info.dynamicImporters.length > 0 && info.importers.some((importer) => storyFormGraph!.has(importer)))
    return basename(path).replace(/\.[jt]sx?$/, "");
  if (!storyFormGraph.has(path)) return undefined;
  storyFormPages ??= new Set([...pagesOf(STORY_FORM_MODULE, getModuleInfo), ...pagesOf(CHILD_EDITOR_MODULE, getModuleInfo)]);
  const pages = [...new Set([...pagesOf(path, getModuleInfo)].map((page) => (storyFormPages!.has(page) ? "story form" : page.split("?")[0]!)))].sort();
  if (pages.length === 1 && pages[0] === "story form") return "StoryFormPage";
  const key = pages.join(" ");
  if (!sharedChunks.has(key)) sharedChunks.set(key, basename(path).replace(/\.[jt]sx?$/, ""));
  return sharedChunks.get(key);
}

function rootChunk(id: string, { getModuleInfo }: { getModuleInfo: GetModuleInfo }) {
  rootGraph ??= staticGraph(ROOT_MODULE, getModuleInfo);
  const path = id.split("?")[0]!;
  if (rootGraph.has(path)) return path.includes("/node_modules/") ? "framework" : "root-shared";
  // a part the root's code loads on demand: a chunk of its own (else, as a static import of a module
  // in the root's chunk, kept for the server's render, it would be pulled into the root's chunk)
  if (isRootPart(path, getModuleInfo)) return basename(path).replace(/\.[jt]sx?$/, "");
  if (id.includes("vite/preload-helper")) return "root-shared";
  return storyFormChunk(path, getModuleInfo);
}

function isRootPart(path: string, getModuleInfo: GetModuleInfo): boolean {
  const info = getModuleInfo(path);
  return !!info && info.dynamicImporters.length > 0 && info.importers.some((importer) => rootGraph?.has(importer));
}

/**
 * The client chunks whose code nearly all runs as a page starts (React, React DOM and Remix; the
 * story form) begin with V8's compile hint, `//# allFunctionsCalledOnLoad`: Chromium then compiles
 * all of their functions with the file, in a task of its own, instead of stopping to compile each
 * one the first time it is called while the page sets itself up and hydrates (decision 042).
 * Browsers without the hint read a comment. The root's chunk also loses the one dead statement of
 * Vite's preload helper (a call whose result is unused), which pays for most of the hint's bytes.
 * Runs after minifying, which drops comments.
 */
const EAGER_CHUNKS = new Set(["framework", "StoryFormPage"]);
const DEAD_STATEMENT = 'document.getElementsByTagName("link");';
const COMPILE_HINT = "//# allFunctionsCalledOnLoad";
function eagerCompileHints() {
  return {
    name: "eager-compile-hints",
    apply: (_config: unknown, env: { isSsrBuild?: boolean }) => !env.isSsrBuild,
    renderChunk: {
      order: "post" as const,
      handler(code: string, chunk: { name: string }) {
        const dead = chunk.name === "root-shared" ? code.indexOf(DEAD_STATEMENT) : -1;
        if (!EAGER_CHUNKS.has(chunk.name) && dead < 0) return null;
        const s = new MagicString(code);
        if (dead >= 0) s.remove(dead, dead + DEAD_STATEMENT.length);
        if (EAGER_CHUNKS.has(chunk.name)) s.prepend(`${COMPILE_HINT}\n`);
        return { code: s.toString(), map: s.generateMap({ hires: true }) };
      },
    },
    // Vite then puts its table of lazily loaded files above everything (a line of its own, as is
    // the hint's, neither mapped to any source): the hint goes back to the top, where V8 reads it.
    generateBundle: {
      order: "post" as const,
      handler(_options: unknown, bundle: Record<string, { type: string; name?: string; code?: string }>) {
        for (const file of Object.values(bundle)) {
          if (file.type !== "chunk" || !EAGER_CHUNKS.has(file.name ?? "") || !file.code) continue;
          const [first, second, ...rest] = file.code.split("\n");
          if (second === COMPILE_HINT && first!.startsWith("const __vite__mapDeps=")) file.code = [COMPILE_HINT, first, ...rest].join("\n");
        }
      },
    },
  };
}

/** Fails the build unless a package's source has `text` exactly once (the text a plugin rewrites). */
function expectOnce(code: string, text: string, what: string) {
  if (code.split(text).length !== 2) throw new Error(`${what}: expected one "${text}" to rewrite`);
}

/**
 * The server build's `@remix-run/router` with its own `matchRoutes` remembered
 * (workers/shims/remembered-route-matching.ts): the function is renamed and the name given to one
 * that asks the memory first, so every call in the module (Remix's static handler's too) and every
 * import of it is remembered. Fails the build if the router's source no longer has the function.
 */
function rememberedRouteMatching() {
  const DEFINITION = "function matchRoutes(routes, locationArg, basename) {";
  return {
    name: "remembered-route-matching",
    transform(code: string, id: string) {
      if (!/[\\/]@remix-run[\\/]router[\\/]dist[\\/]router\.js$/.test(id.split("?")[0]!)) return null;
      expectOnce(code, DEFINITION, "@remix-run/router");
      return (
        `import { rememberedMatchRoutes } from ${JSON.stringify(REMEMBERED_MATCHING)};\n` +
        code.replace(DEFINITION, "function matchRoutesEachTime(routes, locationArg, basename) {") +
        `\nfunction matchRoutes(routes, locationArg, basename) {\n  return rememberedMatchRoutes(routes, locationArg, basename, matchRoutesEachTime, parsePath);\n}\n`
      );
    },
  };
}

/**
 * The server build's route objects made once (workers/shims/remembered-server-routes.ts): Remix's
 * `createServerRoutes` and the static router's conversion to data routes ask the memory first. Each
 * is found by its exact text in the package's source, in either of its builds (ES module or
 * CommonJS); the build fails if the text is not found in the module the bundle takes, or if the
 * bundle took neither.
 */
function rememberedServerRoutes() {
  const SERVER_ROUTES = "function createServerRoutes(manifest, routeModules, future, isSpaMode, parentId";
  const DATA_ROUTES = /(?:router\.)?UNSAFE_convertRoutesToDataRoutes\(routes, (?:reactRouter\.)?UNSAFE_mapRouteProperties, undefined, manifest\)/;
  const done = new Set<string>();
  const imported = (name: string) => `import { ${name} } from ${JSON.stringify(REMEMBERED_ROUTES)};\n`;
  return {
    name: "remembered-server-routes",
    buildStart: () => done.clear(),
    transform(code: string, id: string) {
      const file = id.split("?")[0]!;
      if (/[\\/]@remix-run[\\/]react[\\/]dist[\\/](esm[\\/])?routes\.js$/.test(file)) {
        expectOnce(code, SERVER_ROUTES, "@remix-run/react");
        done.add("server routes");
        return (
          imported("rememberedServerRoutes") +
          code.replace(SERVER_ROUTES, SERVER_ROUTES.replace("createServerRoutes", "createServerRoutesEachTime")) +
          "\nfunction createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {\n" +
          "  if (rest.length > 0) return createServerRoutesEachTime(manifest, routeModules, future, isSpaMode, ...rest);\n" +
          "  return rememberedServerRoutes(manifest, routeModules, isSpaMode, () => createServerRoutesEachTime(manifest, routeModules, future, isSpaMode));\n}\n"
        );
      }
      if (/[\\/]react-router-dom[\\/]server\.m?js$/.test(file)) {
        const found = code.match(new RegExp(DATA_ROUTES, "g"));
        if (found?.length !== 1) throw new Error(`react-router-dom/server: expected one call matching ${DATA_ROUTES} to remember data routes`);
        done.add("data routes");
        return imported("rememberedDataRoutes") + code.replace(DATA_ROUTES, (call) => `rememberedDataRoutes(routes, manifest, () => ${call})`);
      }
      return null;
    },
    buildEnd(error?: Error) {
      if (!error && done.size !== 2) throw new Error(`remembered-server-routes: only ${[...done].join(", ") || "nothing"} found in the bundle's modules`);
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // the root's module graph is read again for every build (`vite:build --watch` rebuilds in one process)
    {
      name: "root-chunk-graph",
      buildStart: () => {
        rootGraph = storyFormGraph = storyFormPages = undefined;
        sharedChunks.clear();
      },
    },
    eagerCompileHints(),
    tailwindcss(),
    remix({
      serverModuleFormat: "esm",
      // A route's server-only helpers (`*.server.ts`) sit beside it in app/routes without becoming
      // routes themselves; dot files are never routes either (Remix's own default).
      ignoredRouteFiles: ["**/.*", "**/*.server.ts"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    // The server's route matching remembers its answers; never in the browser, whose route tree grows in place.
    ...(isSsrBuild ? [rememberedRouteMatching(), rememberedServerRoutes()] : []),
  ],
  // React Email's renderer imports react-dom/server.edge, which React 18 does not have; its browser
  // build is the same streaming renderer and runs in workerd. It also imports prettier, used only
  // to pretty-print, which StoryNest never asks for: a small stand-in keeps it out of the bundle.
  resolve: {
    alias: [
      { find: "react-dom/server.edge", replacement: "react-dom/server.browser" },
      { find: "prettier/standalone", replacement: PRETTIER_SHIM },
      { find: "prettier/plugins/html", replacement: PRETTIER_SHIM },
      // react-dom's Node.js renderer (app/render-stream.server.ts) takes TextEncoder from `util`.
      { find: "util", replacement: UTIL_SHIM },
    ],
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: {
    // The browser's code is minified by terser (two compress passes, as ES modules): its output
    // compresses about 4% smaller than esbuild's, and every page downloads React and Remix (three or
    // more passes came out a few bytes larger after gzip on every measured page). The
    // server bundle keeps esbuild's faster minify: its size is not downloaded by anyone.
    minify: isSsrBuild ? true : "terser",
    terserOptions: { compress: { passes: 2 }, module: true, ecma: 2020, format: { comments: false } },
    // SOURCEMAP=1 writes maps and points the code at them; SOURCEMAP=hidden (bench/long-tasks.mjs)
    // writes them without touching the code, so the JavaScript stays byte for byte a normal build's.
    sourcemap: process.env.SOURCEMAP === "hidden" ? "hidden" : !!process.env.SOURCEMAP,
    // A part loaded on demand lists the chunks to fetch with it; the root's own two (framework,
    // root-shared) are on every page before any part can be asked for, so they are left off the list.
    modulePreload: isSsrBuild
      ? undefined
      : { resolveDependencies: (_file, deps) => deps.filter((dep) => !/(^|\/)(framework|root-shared)-[\w-]+\.js$/.test(dep)) },
    rollupOptions: isSsrBuild ? {} : { output: { manualChunks: rootChunk } },
  },
}));
