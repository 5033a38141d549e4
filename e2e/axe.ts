import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";
import type { AxeResults, ContextObject, RunOptions } from "axe-core";

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe's serious and critical problems (every problem with `everyImpact`) on the page, or only within
 * the given selectors, one readable line each; every spec checks with this one function.
 *
 * Fast enough for a busy two-core machine:
 * - axe's script (half a megabyte) goes into a page once, the first time the page is checked, and
 *   stays for the page's later checks (a client-side navigation keeps it). `@axe-core/playwright`,
 *   used before, evaluated it twice for every check, which cost more than the check itself.
 * - axe runs in the page itself, without the blank page that merges the results of cross-origin
 *   frames, which these pages do not have, and collects only the violations, not every passing node.
 * - While axe checks, the blur behind an open dialog (`backdrop-filter`) is switched off and then on
 *   again. It changes no colour axe compares (a dialog's text sits on the dialog's own background),
 *   but with Debian's Chromium 156, software-rendered, it made every hit test axe does slow: the
 *   check of the open Nino panel took 16–19 s instead of 5.
 */
export async function seriousViolations(
  page: Page,
  { within = [], tags, everyImpact = false }: { within?: string[]; tags?: string[]; everyImpact?: boolean } = {},
): Promise<string[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object"))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ within, tags }) => {
      const context: ContextObject = within.length ? { include: within } : { exclude: [] };
      const options: RunOptions = { resultTypes: ["violations"], ...(tags ? { runOnly: { type: "tag", values: tags } } : {}) };
      const unblur = document.createElement("style");
      unblur.textContent = "*, *::backdrop { backdrop-filter: none !important; }";
      document.head.appendChild(unblur);
      try {
        const { axe } = window as unknown as { axe: { run: (c: ContextObject, o: RunOptions) => Promise<AxeResults> } };
        const results = await axe.run(context, options);
        // only what the report below reads, so the answer crosses to the test quickly
        return results.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }));
      } finally {
        unblur.remove();
      }
    },
    { within, tags },
  );
  return violations
    .filter((v) => everyImpact || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.targets.join("\n  ")}`);
}
