import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";
import { fileURLToPath } from "node:url";

const PRETTIER_SHIM = fileURLToPath(new URL("./workers/shims/prettier.ts", import.meta.url));
const UTIL_SHIM = fileURLToPath(new URL("./workers/shims/util.ts", import.meta.url));

declare module "@remix-run/cloudflare" {
  interface Future {
    v3_singleFetch: true;
  }
}

// The server build is one self-contained ES module for workerd: every dependency is bundled
// (noExternal) and resolved with the worker conditions, so wrangler and the Workers test pool
// import it as it is.
export default defineConfig({
  plugins: [
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
  ],
  // React Email's renderer imports react-dom/server.edge, which React 18 does not have; its browser
  // build is the same streaming renderer and runs in workerd. It also imports prettier, used only
  // to pretty-print, which StoryNest never asks for: a small stand-in keeps it out of the bundle.
  resolve: {
    alias: {
      "react-dom/server.edge": "react-dom/server.browser",
      "prettier/standalone": PRETTIER_SHIM,
      "prettier/plugins/html": PRETTIER_SHIM,
      // react-dom's Node.js renderer (app/render-stream.server.ts) takes TextEncoder from `util`.
      util: UTIL_SHIM,
    },
  },
  ssr: {
    target: "webworker",
    noExternal: true,
    resolve: {
      conditions: ["workerd", "worker", "browser"],
      externalConditions: ["workerd", "worker"],
    },
  },
  build: { minify: true, sourcemap: false },
});
