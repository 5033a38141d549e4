/**
 * Stands in for prettier (`prettier/standalone` and `prettier/plugins/html`) in the Worker's
 * bundles (vite.config.ts, vitest.config.ts and wrangler.toml alias both names here). React
 * Email's renderer imports prettier only to pretty-print when asked (`pretty: true`); StoryNest
 * never asks, and the real thing would add about half a megabyte to the Worker. Asking anyway
 * fails loudly instead of silently sending unformatted mail.
 */
export function format(): never {
  throw new Error("Pretty-printing e-mails is not available in the Worker: render without `pretty`.");
}
