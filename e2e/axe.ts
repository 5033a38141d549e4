import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * axe's serious and critical problems (every problem with `everyImpact`) on the page, or only within
 * the given selectors, one readable line each; every spec checks with this one function.
 *
 * Fast enough for a busy two-core machine: axe runs inside the page itself (legacy mode; the default
 * opens a new blank page for every check to merge the results of cross-origin frames, which these
 * pages do not have) and collects only the violations, not every passing node. A check takes about a
 * quarter of a second on a quiet machine instead of one, and no longer runs past a test's timeout
 * when the machine is loaded.
 *
 * While axe checks, the blur behind an open dialog (`backdrop-filter`) is switched off and then on
 * again. It changes no colour axe compares (a dialog's text sits on the dialog's own background),
 * but with Debian's Chromium 156.0.8078.108, software-rendered, it made every hit test axe does
 * slow: the check of the open Nino panel took 16–19 s instead of 5, past a test's timeout on a busy
 * machine.
 */
export async function seriousViolations(
  page: Page,
  { within = [], tags, everyImpact = false }: { within?: string[]; tags?: string[]; everyImpact?: boolean } = {},
): Promise<string[]> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] });
  for (const selector of within) builder = builder.include(selector);
  if (tags) builder = builder.withTags(tags);
  const unblur = await page.addStyleTag({ content: "*, *::backdrop { backdrop-filter: none !important; }" });
  const { violations } = await builder.analyze().finally(() => unblur.evaluate((style) => (style as Element).remove()));
  return violations
    .filter((v) => everyImpact || v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(" ")).join("\n  ")}`);
}
