import { describe, expect, it } from "vitest";
import { analyticsAllowed, isLocalHost, sessionFlag, SESSION_FLAG_KEY } from "~/components/analytics/gate";
import { firesRefresh, underRefreshPath } from "~/components/analytics/navigation-refresh";

const site = { hostname: "storynest.example", port: "" };

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

describe("the host rule", () => {
  it("counts only on a non-local host without a port", () => {
    expect(isLocalHost(site)).toBe(false);
    expect(isLocalHost({ hostname: "www.storynest.example", port: "" })).toBe(false);
    for (const hostname of ["localhost", "LOCALHOST", "app.localhost", "127.0.0.1", "[::1]", "printer.local", "storynest.local."]) {
      expect(isLocalHost({ hostname, port: "" }), hostname).toBe(true);
    }
    expect(isLocalHost({ hostname: "storynest.example", port: "8443" })).toBe(true);
    expect(isLocalHost({ hostname: "127.0.0.1", port: "8787" })).toBe(true);
  });
});

describe("the session flag", () => {
  it("?analytics=off and ?analytics=on set the tab's flag, which later pages keep", () => {
    const storage = memoryStorage();
    expect(sessionFlag("", storage)).toBeNull();
    expect(sessionFlag("?analytics=on", storage)).toBe("on");
    expect(sessionFlag("?page=2", storage)).toBe("on");
    expect(sessionFlag("?analytics=off", storage)).toBe("off");
    expect(storage.data.get(SESSION_FLAG_KEY)).toBe("off");
    expect(sessionFlag("?analytics=maybe", storage)).toBe("off");
  });

  it("with storage blocked, the address alone decides for this page", () => {
    const blocked = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => {
        throw new Error("blocked");
      },
    };
    expect(sessionFlag("?analytics=on", blocked)).toBe("on");
    expect(sessionFlag("", blocked)).toBeNull();
  });
});

describe("the consent gate", () => {
  it("allows analytics only after Accept All, without GPC, on a real host or with the flag on", () => {
    expect(analyticsAllowed({ consent: "granted", gpc: false, flag: null, location: site })).toBe(true);
    expect(analyticsAllowed({ consent: "denied", gpc: false, flag: null, location: site })).toBe(false);
    expect(analyticsAllowed({ consent: "unset", gpc: false, flag: "on", location: site })).toBe(false);
    // Global Privacy Control counts as Decline
    expect(analyticsAllowed({ consent: "granted", gpc: true, flag: "on", location: site })).toBe(false);
    // the session flag "off" wins everywhere
    expect(analyticsAllowed({ consent: "granted", gpc: false, flag: "off", location: site })).toBe(false);
    // a local host with a port: only with the flag "on"
    const local = { hostname: "localhost", port: "8787" };
    expect(analyticsAllowed({ consent: "granted", gpc: false, flag: null, location: local })).toBe(false);
    expect(analyticsAllowed({ consent: "granted", gpc: false, flag: "on", location: local })).toBe(true);
    expect(analyticsAllowed({ consent: "denied", gpc: false, flag: "on", location: local })).toBe(false);
  });
});

describe("navigation-refresh", () => {
  it("fires on entering or leaving /library, /yourstory or /youraistory, and on a page loaded there", () => {
    expect(underRefreshPath("/library")).toBe(true);
    expect(underRefreshPath("/library/page/2")).toBe(true);
    expect(underRefreshPath("/libraryish")).toBe(false);
    expect(firesRefresh("/", "/library")).toBe(true);
    expect(firesRefresh("/yourstory/abc", "/pricing")).toBe(true);
    expect(firesRefresh("/library", "/youraistory/x")).toBe(true);
    expect(firesRefresh(null, "/library")).toBe(true);
    expect(firesRefresh("/", "/pricing")).toBe(false);
    expect(firesRefresh("/library", "/library")).toBe(false);
    expect(firesRefresh(null, "/")).toBe(false);
  });
});
