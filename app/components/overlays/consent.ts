import { useSyncExternalStore } from "react";
import { CONSENT_KEY, consentFromCookieHeader, parseConsent, type ConsentChoice } from "~/domain/analytics/consent";

/**
 * Cookie consent: unset shows the banner; Accept All stores "granted", Decline stores
 * "denied"; Close hides the banner for this page load only. The choice lives in localStorage (the
 * app's `story-app-` prefix) and in a first-party cookie of the same name, so the server knows it
 * and never renders the banner after a choice (no flash).
 */

export { CONSENT_KEY, consentFromCookieHeader, type ConsentChoice };
export type ConsentValue = ConsentChoice | "unset";

/** One year, in seconds. */
export const CONSENT_MAX_AGE = 60 * 60 * 24 * 365;

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_KEY}=${choice}; Path=/; Max-Age=${CONSENT_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export interface ConsentState {
  consent: ConsentValue;
  /** Close was pressed on this page load. */
  dismissed: boolean;
}

export interface ConsentStorage {
  read(): string | null;
  write(value: string): void;
  remove(): void;
  readCookie(): string;
  writeCookie(cookie: string): void;
  secure: boolean;
}

export interface ConsentStore {
  getState(): ConsentState;
  subscribe(listener: () => void): () => void;
  choose(choice: ConsentChoice): void;
  /** Hides the banner without storing anything; it comes back on the next page load. */
  dismiss(): void;
  /** Forgets the choice (e.g. "change my cookie choice" on /cookies): the banner shows again. */
  reset(): void;
}

export function createConsentStore(storage: ConsentStorage): ConsentStore {
  let state: ConsentState | null = null;
  const listeners = new Set<() => void>();

  const load = (): ConsentState => {
    let stored: ConsentChoice | null = null;
    try {
      stored = parseConsent(storage.read());
    } catch {
      /* storage blocked: the cookie still knows */
    }
    const fromCookie = consentFromCookieHeader(storage.readCookie());
    const consent = stored ?? fromCookie;
    // Keep both copies in step (one may have been cleared on its own).
    if (consent && stored !== consent) safeWrite(consent);
    if (consent && fromCookie !== consent) storage.writeCookie(consentCookie(consent, storage.secure));
    return consentState(consent ?? "unset");
  };

  const safeWrite = (value: string) => {
    try {
      storage.write(value);
    } catch {
      /* private mode or quota: the cookie still carries the choice */
    }
  };

  const current = () => (state ??= load());

  const set = (next: ConsentState) => {
    state = next;
    listeners.forEach((l) => l());
  };

  return {
    getState: current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    choose(choice) {
      safeWrite(choice);
      storage.writeCookie(consentCookie(choice, storage.secure));
      set({ consent: choice, dismissed: current().dismissed });
    },
    dismiss() {
      set({ ...current(), dismissed: true });
    },
    reset() {
      try {
        storage.remove();
      } catch {
        /* storage blocked */
      }
      storage.writeCookie(`${CONSENT_KEY}=; Path=/; Max-Age=0; SameSite=Lax${storage.secure ? "; Secure" : ""}`);
      set({ consent: "unset", dismissed: false });
    },
  };
}

let browserStore: ConsentStore | null = null;

/** The browser's consent store (null on the server). */
export function consentStore(): ConsentStore | null {
  if (typeof window === "undefined") return null;
  browserStore ??= createConsentStore({
    read: () => window.localStorage.getItem(CONSENT_KEY),
    write: (v) => window.localStorage.setItem(CONSENT_KEY, v),
    remove: () => window.localStorage.removeItem(CONSENT_KEY),
    readCookie: () => document.cookie,
    writeCookie: (c) => {
      document.cookie = c;
    },
    secure: window.location.protocol === "https:",
  });
  return browserStore;
}

/** A subscription to nothing, for a store the server does not have. */
export const noSubscription = () => () => {};

/**
 * The consent state for components. `serverConsent` is what the server read from the cookie, used
 * while hydrating so the first client render matches the server's HTML.
 */
export function useCookieConsent(serverConsent: ConsentValue = "unset"): ConsentState {
  const store = consentStore();
  const server = () => consentState(serverConsent);
  return useSyncExternalStore(store ? store.subscribe : noSubscription, store ? store.getState : server, server);
}

/**
 * One object per choice, as the page loads: the browser's state after hydration is the very object
 * the server's state was, when they agree, so React has nothing to render again (a new object with
 * the same choice would make it render the banner and analytics a second time, synchronously, in
 * the same task as the page's hydration).
 */
const loaded = new Map<ConsentValue, ConsentState>();
function consentState(consent: ConsentValue): ConsentState {
  let s = loaded.get(consent);
  if (!s) loaded.set(consent, (s = { consent, dismissed: false }));
  return s;
}
