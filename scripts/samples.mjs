// The seed step for the /real-stories sample books (docs/decisions/013-sample-books.md). The sample
// books are made by the Worker itself (the book engine's Workflow, with the offline writer and the
// resvg illustrator that only run inside workerd), so this runs once `wrangler dev` answers: it calls
// POST /api/samples, which writes the missing sample rows and keeps one unfinished sample in the
// making, and calls it again until all are finished. It never blocks the server.

const POLL_MS = 3000;
const GIVE_UP_MS = 15 * 60 * 1000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Waits for the server, then drives the samples to completion in the background (or until `enough`
 * of them are finished). `onStarted` is called once the sample rows exist and the first is in the making.
 */
export async function seedSampleBooks(baseUrl, { log = console.log, giveUpMs = GIVE_UP_MS, enough = Infinity, onStarted = () => {} } = {}) {
  const started = Date.now();
  let last = "";
  while (Date.now() - started < giveUpMs) {
    try {
      const r = await fetch(`${baseUrl}/api/samples`, { method: "POST" });
      if (r.ok) {
        const state = await r.json();
        onStarted();
        const line = `samples: ${state.complete} of ${state.total} sample books ready${state.drawing ? ` (drawing ${state.drawing})` : ""}`;
        if (line !== last) log(line);
        last = line;
        if (state.total > 0 && (state.complete === state.total || state.complete >= enough)) return state;
      }
    } catch {
      /* the server is not up yet, or restarting */
    }
    await sleep(POLL_MS);
  }
  log(`samples: still not finished after ${Math.round(giveUpMs / 60_000)} minutes; /real-stories will keep them moving when visited`);
  return null;
}
