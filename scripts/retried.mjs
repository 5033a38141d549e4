// What `npm test` (scripts/test-all.mjs) reads from Playwright's JSON report.

/** Every Playwright test that failed at first and passed on its retry: "[project] file:line › title". */
export function neededRetry(report) {
  const found = [];
  const walk = (suite, outer) => {
    // a file's own suite is titled with its file name: the describes inside it make the title
    const titles = suite.title && suite.title !== suite.file && !/\.(spec|test)\.[jt]s$/.test(suite.title) ? [...outer, suite.title] : outer;
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status !== "flaky") continue;
        const first = t.results?.find((r) => r.status !== "passed");
        // eslint-disable-next-line no-control-regex -- the error text carries terminal colours
        const text = (first?.error?.message ?? "").replace(/\u001b\[[0-9;]*m/g, "");
        const why =
          text
            .split("\n")
            .find((l) => l.trim())
            ?.trim() ??
          first?.status ??
          "";
        found.push(
          `[${t.projectName}] e2e/${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}${why ? `\n      first try: ${why.slice(0, 200)}` : ""}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return found;
}
