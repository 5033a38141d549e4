import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  classifyHealth,
  CONNECTED_HIDE_MS,
  createConnectionStore,
  FAILING_RECHECK_MS,
  HEALTH_TIMEOUT_MS,
  readHealth,
  type ConnectionDeps,
} from "~/components/overlays/connection";

const ok = { status: "ok", parts: {}, time: "2026-01-01T00:00:00Z" };

describe("health outcome → connection status", () => {
  it("maps 200 with an ok body to Connected", () => {
    expect(classifyHealth({ type: "response", status: 200, body: ok, jsonOk: true })).toBe("connected");
  });

  it("maps 503, other 5xx, 4xx, bad JSON and unexpected bodies to API Error", () => {
    expect(classifyHealth({ type: "response", status: 503, body: { ...ok, status: "degraded" }, jsonOk: true })).toBe("api-error");
    expect(classifyHealth({ type: "response", status: 500, body: { error: "x" }, jsonOk: true })).toBe("api-error");
    expect(classifyHealth({ type: "response", status: 404, body: null, jsonOk: true })).toBe("api-error");
    expect(classifyHealth({ type: "response", status: 200, body: null, jsonOk: false })).toBe("api-error");
    expect(classifyHealth({ type: "response", status: 200, body: { hello: "world" }, jsonOk: true })).toBe("api-error");
    expect(classifyHealth({ type: "response", status: 200, body: { status: "degraded" }, jsonOk: true })).toBe("api-error");
  });

  it("maps a network failure, a timeout and a browser that says it is offline to Offline", () => {
    expect(classifyHealth({ type: "network-error" })).toBe("offline");
    expect(classifyHealth({ type: "timeout" })).toBe("offline");
    expect(classifyHealth({ type: "browser-offline" })).toBe("offline");
  });
});

function fakeDeps(over: Partial<ConnectionDeps> = {}) {
  const deps: ConnectionDeps & { online: boolean; failures: string[] } = {
    online: true,
    failures: [],
    fetchHealth: vi.fn(async () => new Response(JSON.stringify(ok), { status: 200 })),
    isOnline: () => deps.online,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as number),
    onAutomaticFailure: (s) => deps.failures.push(s),
    ...over,
  };
  return deps;
}

describe("readHealth", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("does not fetch when the browser is offline", async () => {
    const deps = fakeDeps();
    deps.online = false;
    expect(await readHealth(deps)).toEqual({ type: "browser-offline" });
    expect(deps.fetchHealth).not.toHaveBeenCalled();
  });

  it("reads status and JSON, and notices bad JSON", async () => {
    expect(await readHealth(fakeDeps())).toMatchObject({ type: "response", status: 200, jsonOk: true, body: ok });
    const bad = fakeDeps({ fetchHealth: async () => new Response("<html>proxy error</html>", { status: 200 }) });
    expect(await readHealth(bad)).toMatchObject({ type: "response", status: 200, jsonOk: false });
  });

  it("turns a rejected fetch into a network error, and a hung one into a timeout", async () => {
    expect(await readHealth(fakeDeps({ fetchHealth: async () => Promise.reject(new TypeError("Failed to fetch")) }))).toEqual({ type: "network-error" });
    const hung = fakeDeps({
      fetchHealth: (signal) => new Promise((_, reject) => signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
    });
    const p = readHealth(hung);
    await vi.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS);
    expect(await p).toEqual({ type: "timeout" });
  });
});

describe("connection store", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("goes checking → Connected, and hides Connected after 3 s", async () => {
    const deps = fakeDeps();
    const store = createConnectionStore(deps);
    // nothing shown before the first check (as the server renders it); the check shows "checking"
    expect(store.getState()).toMatchObject({ status: "checking", visible: false });
    const p = store.check("load");
    expect(store.getState()).toMatchObject({ status: "checking", visible: true });
    expect(await p).toBe("connected");
    expect(store.getState()).toMatchObject({ status: "connected", visible: true });
    await vi.advanceTimersByTimeAsync(CONNECTED_HIDE_MS - 1);
    expect(store.getState().visible).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().visible).toBe(false);
    store.stop();
  });

  it("reports an automatic move into failure once, never a check the person started", async () => {
    const deps = fakeDeps({ fetchHealth: async () => new Response("{}", { status: 503 }) });
    const store = createConnectionStore(deps);
    expect(await store.check("load")).toBe("api-error");
    expect(deps.failures).toEqual(["api-error"]);
    // The background recheck still fails: no second toast.
    await vi.advanceTimersByTimeAsync(FAILING_RECHECK_MS);
    expect(store.getState().status).toBe("api-error");
    expect(deps.failures).toEqual(["api-error"]);
    // The background recheck keeps the status on screen (no flicker to "checking").
    expect(store.getState().visible).toBe(true);
    store.stop();

    const userDeps = fakeDeps({ fetchHealth: async () => new Response("{}", { status: 500 }) });
    const userStore = createConnectionStore(userDeps);
    expect(await userStore.check("user")).toBe("api-error");
    expect(userDeps.failures).toEqual([]);
    userStore.stop();
  });

  it("goes Offline at once on the offline event, ignores the stale answer, and recovers when online", async () => {
    let release: (r: Response) => void = () => {};
    const deps = fakeDeps({ fetchHealth: () => new Promise<Response>((r) => (release = r)) });
    const store = createConnectionStore(deps);
    const pending = store.check("load");
    deps.online = false;
    store.markOffline();
    expect(store.getState().status).toBe("offline");
    expect(deps.failures).toEqual(["offline"]);
    release(new Response(JSON.stringify(ok), { status: 200 }));
    await pending;
    expect(store.getState().status).toBe("offline");

    deps.online = true;
    deps.fetchHealth = async () => new Response(JSON.stringify(ok), { status: 200 });
    expect(await store.check("online")).toBe("connected");
    store.stop();
  });

  it("rechecks by itself every 30 s while failing, and recovers", async () => {
    const deps = fakeDeps();
    deps.online = false;
    const store = createConnectionStore(deps);
    expect(await store.check("load")).toBe("offline");
    deps.online = true;
    await vi.advanceTimersByTimeAsync(FAILING_RECHECK_MS);
    expect(store.getState()).toMatchObject({ status: "connected", reason: "interval" });
    store.stop();
  });
});
