import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The layers' boundaries: what app/domain, components, services and routes may import. Each import
 * is matched by its path as written, with the `~/` alias or relative (`../../services/x`); a type
 * import counts like any other (allowTypeImports: false), since a type that crosses a boundary ties
 * the two sides together all the same.
 */
function layerBoundaries() {
  /** The import path reaches app/<dir>: through the alias, or climbing up with `../`. */
  const into = (dir) => `^(~/|(\\.\\./)+)${dir}(/|$)`;
  /** A server-only module: `x.server`, `x.server.ts`, or anything in a `.server/` folder. */
  const serverModule = "\\.server(/|\\.[cm]?[jt]sx?$|$)";
  const rule = (patterns) => ["error", { patterns: patterns.map(([regex, message]) => ({ regex, message, allowTypeImports: false })) }];
  return [
    {
      // The domain is pure: shared by browser and server, it imports nothing of ours outside app/domain
      // (packages such as zod are fine) and nothing of the runtime.
      files: ["app/domain/**/*.{ts,tsx}"],
      rules: {
        "@typescript-eslint/no-restricted-imports": rule([
          [into("services"), "The domain is pure: it does not import services."],
          [into("routes"), "The domain is pure: it does not import routes."],
          ["^~/root$", "The domain is pure: it does not import the root route."],
          [into("components"), "The domain is pure: it does not import components."],
          [serverModule, "The domain is pure: it does not import server modules."],
          ["^cloudflare:", "The domain is pure: it does not import cloudflare:* modules."],
        ]),
      },
    },
    {
      // Components run in the browser: they import no server module, no service and no route, not
      // even a type. A page's data is typed beside the page (or in app/domain), and the route's server
      // side fills it in.
      files: ["app/components/**/*.{ts,tsx}"],
      rules: {
        "@typescript-eslint/no-restricted-imports": rule([
          [into("services"), "Components do not import services: the route's loader or action asks the service and passes what the page needs."],
          [serverModule, "Components do not import server modules, not even their types: put shared types in app/domain or beside the component."],
          [into("routes"), "Components do not import routes: the route passes what the component needs."],
        ]),
      },
    },
    {
      // Services are the server's engine: pages and the API call them, never the other way round.
      files: ["app/services/**/*.{ts,tsx}"],
      rules: {
        "@typescript-eslint/no-restricted-imports": rule([
          [into("routes"), "Services do not import routes."],
          ["^~/root$", "Services do not import the root route."],
          [into("components"), "Services do not import components: what both need lives in app/domain."],
        ]),
      },
    },
    {
      // Routes reach the platform through the load context's services, never the runtime's modules.
      files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
      rules: {
        "@typescript-eslint/no-restricted-imports": rule([["^cloudflare:", "Routes do not import cloudflare:* modules: ask a service on context.services."]]),
      },
    },
  ];
}

export default tseslint.config(
  { ignores: ["build/", "node_modules/", ".wrangler/", "worker-configuration.d.ts", "test-results/", "playwright-report/", "bench/results/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/ban-ts-comment": ["error", { "ts-ignore": "allow-with-description" }],
    },
  },
  {
    files: ["scripts/**/*.mjs", "bench/**/*.mjs", ".ci/**/*.mjs"],
    languageOptions: {
      globals: {
        process: "readonly",
        console: "readonly",
        fetch: "readonly",
        setTimeout: "readonly",
        URL: "readonly",
        Buffer: "readonly",
        performance: "readonly",
        AbortSignal: "readonly",
        TextEncoder: "readonly",
        URLSearchParams: "readonly",
      },
    },
  },
  // The layers' boundaries (app/domain, components, services, routes): see layerBoundaries above.
  ...layerBoundaries(),
  {
    // No source file over 500 lines (every line counts, blank and comment lines too: the number is
    // what `wc -l` shows). A longer file splits into modules that each do one thing.
    files: ["**/*.{ts,tsx,js,mjs}"],
    ignores: [
      // Data tables, exempt: mostly the words of the offline writer, not logic.
      "app/domain/story/writer/worlds.ts", // the five built-in worlds, and the lexicon and places for any other theme
      "app/domain/story/writer/lessons.ts", // the lessons a story acts out, each with its lines per reading level
      "app/domain/story/writer/land.ts", // the world for any other theme: its lexicon, places, companions and troubles
      "app/domain/story/writer/tries.ts", // how each kind of thing is tried, fails and helps, with its lines per reading level
    ],
    rules: { "max-lines": ["error", { max: 500, skipBlankLines: false, skipComments: false }] },
  },
  {
    // A component is a function: no component over 250 lines (counted like max-lines).
    files: ["app/**/*.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 250, skipBlankLines: false, skipComments: false }] },
  },
);
