import { describe, expect, it } from "vitest";
import { CONSENT_KEY, consentCookie, consentFromCookieHeader, createConsentStore, type ConsentStorage } from "~/components/overlays/consent";

function memoryStorage(initial: { local?: string | null; cookie?: string } = {}) {
  const s = {
    local: initial.local ?? null,
    cookie: initial.cookie ?? "",
    cookiesWritten: [] as string[],
  };
  const storage: ConsentStorage = {
    read: () => s.local,
    write: (v) => {
      s.local = v;
    },
    remove: () => {
      s.local = null;
    },
    readCookie: () => s.cookie,
    writeCookie: (c) => {
      s.cookiesWritten.push(c);
      const [pair] = c.split(";");
      s.cookie = pair.endsWith("=") ? "" : pair;
    },
    secure: true,
  };
  return { s, storage };
}

describe("consent cookie", () => {
  it("uses the story-app- prefix", () => {
    expect(CONSENT_KEY).toBe("story-app-cookie-consent");
  });

  it("reads the choice from a Cookie header among others, and ignores junk", () => {
    expect(consentFromCookieHeader("a=1; story-app-cookie-consent=granted; b=2")).toBe("granted");
    expect(consentFromCookieHeader("story-app-cookie-consent=denied")).toBe("denied");
    expect(consentFromCookieHeader("story-app-cookie-consent=maybe")).toBeNull();
    expect(consentFromCookieHeader("xstory-app-cookie-consent=granted")).toBeNull();
    expect(consentFromCookieHeader(null)).toBeNull();
    expect(consentFromCookieHeader("")).toBeNull();
  });

  it("writes a first-party, year-long, Lax cookie (Secure on https)", () => {
    expect(consentCookie("granted", true)).toBe("story-app-cookie-consent=granted; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    expect(consentCookie("denied", false)).not.toContain("Secure");
  });
});

describe("consent store", () => {
  it("starts unset, and stores Accept All / Decline in localStorage and the cookie", () => {
    const { s, storage } = memoryStorage();
    const store = createConsentStore(storage);
    expect(store.getState()).toEqual({ consent: "unset", dismissed: false });
    store.choose("granted");
    expect(s.local).toBe("granted");
    expect(s.cookie).toBe("story-app-cookie-consent=granted");
    expect(store.getState().consent).toBe("granted");
    store.choose("denied");
    expect(s.local).toBe("denied");
    expect(createConsentStore(storage).getState().consent).toBe("denied");
  });

  it("Close hides the banner without storing anything", () => {
    const { s, storage } = memoryStorage();
    const store = createConsentStore(storage);
    store.dismiss();
    expect(store.getState()).toEqual({ consent: "unset", dismissed: true });
    expect(s.local).toBeNull();
    expect(s.cookiesWritten).toEqual([]);
    // A new page load (a new store) asks again.
    expect(createConsentStore(storage).getState()).toEqual({ consent: "unset", dismissed: false });
  });

  it("repairs a missing copy: the cookie from localStorage, or localStorage from the cookie", () => {
    const a = memoryStorage({ local: "granted" });
    expect(createConsentStore(a.storage).getState().consent).toBe("granted");
    expect(a.s.cookie).toBe("story-app-cookie-consent=granted");
    const b = memoryStorage({ cookie: "story-app-cookie-consent=denied" });
    expect(createConsentStore(b.storage).getState().consent).toBe("denied");
    expect(b.s.local).toBe("denied");
  });

  it("still works when localStorage throws", () => {
    const { s, storage } = memoryStorage();
    storage.read = () => {
      throw new Error("SecurityError");
    };
    storage.write = () => {
      throw new Error("QuotaExceededError");
    };
    const store = createConsentStore(storage);
    store.choose("granted");
    expect(store.getState().consent).toBe("granted");
    expect(s.cookie).toBe("story-app-cookie-consent=granted");
  });

  it("reset forgets the choice and expires the cookie", () => {
    const { s, storage } = memoryStorage({ local: "granted", cookie: "story-app-cookie-consent=granted" });
    const store = createConsentStore(storage);
    store.reset();
    expect(store.getState().consent).toBe("unset");
    expect(s.local).toBeNull();
    expect(s.cookiesWritten.at(-1)).toContain("Max-Age=0");
  });

  it("gives one object per state, so the page hydrates without rendering the banner again", () => {
    // React compares the browser's state with the server's by identity after hydrating: a fresh
    // object holding the same choice would make it render the banner and analytics a second time.
    const first = createConsentStore(memoryStorage({ cookie: "story-app-cookie-consent=denied" }).storage);
    const second = createConsentStore(memoryStorage({ local: "denied", cookie: "story-app-cookie-consent=denied" }).storage);
    expect(first.getState()).toBe(second.getState());
    expect(first.getState()).toEqual({ consent: "denied", dismissed: false });
    first.dismiss();
    expect(first.getState()).toEqual({ consent: "denied", dismissed: true });
    expect(first.getState()).not.toBe(second.getState());
  });
});
