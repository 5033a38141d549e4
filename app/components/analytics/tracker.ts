import type { AnalyticsEvent, VisitorMeta } from "~/domain/analytics/events";
import { sendWithRetry } from "./retry";

/**
 * The tracker, loaded (with this file's dependencies) only once the gate allows it: it queues page
 * views, registers the visitor once per tab, and sends batches to POST /api/analytics — with
 * `fetch(keepalive)` when 10 events are waiting or 5 s have passed, and with `navigator.sendBeacon`
 * when the page is hidden or left. `allowed` is asked before every send: when it says no (Decline,
 * GPC, the session flag), the queue is dropped and nothing is sent.
 */

const ENDPOINT = "/api/analytics";
const BATCH_SIZE = 10;
const BATCH_DELAY_MS = 5000;
const SESSION_KEY = "sn-analytics-session";
const REGISTERED_KEY = "sn-analytics-registered";

export interface Tracker {
  pageView(): void;
  /** Consent withdrawn: forget everything queued. */
  drop(): void;
}

function session(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

function sessionId(): string {
  const store = session();
  const known = store?.getItem(SESSION_KEY);
  if (known && /^[A-Za-z0-9_-]{8,64}$/.test(known)) return known;
  const id = crypto.randomUUID().replaceAll("-", "");
  try {
    store?.setItem(SESSION_KEY, id);
  } catch {
    /* a tab without storage gets a new session per page load */
  }
  return id;
}

const cap = (value: string, max: number) => value.slice(0, max);
const screenSize = () => ({ width: Math.round(window.screen.width), height: Math.round(window.screen.height) });

/** Device components as metadata: a flat record of short values. */
function flatten(components: Record<string, { value?: unknown }>): VisitorMeta["components"] {
  const out: VisitorMeta["components"] = {};
  for (const [name, component] of Object.entries(components).slice(0, 60)) {
    const value = component.value;
    if (value === undefined || value === null) out[cap(name, 40)] = null;
    else if (typeof value === "number" || typeof value === "boolean") out[cap(name, 40)] = value;
    else out[cap(name, 40)] = cap(typeof value === "string" ? value : JSON.stringify(value), 300);
  }
  return out;
}

async function deviceComponents(): Promise<VisitorMeta["components"]> {
  try {
    const { load } = await import("@fingerprintjs/fingerprintjs");
    const agent = await load({ monitoring: false });
    const result = await agent.get();
    return flatten(result.components as Record<string, { value?: unknown }>);
  } catch {
    return {};
  }
}

async function visitorMeta(): Promise<VisitorMeta> {
  return {
    components: await deviceComponents(),
    userAgent: cap(navigator.userAgent, 500),
    language: cap(navigator.language ?? "", 35),
    platform: cap((navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform ?? navigator.platform ?? "", 100),
    screen: screenSize(),
    timezone: cap(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "", 64),
    timezoneOffset: new Date().getTimezoneOffset(),
    referrer: cap(document.referrer, 2048),
    url: cap(window.location.href, 2048),
    timestamp: Date.now(),
  };
}

export function startTracker(allowed: () => boolean): Tracker {
  const id = sessionId();
  let queue: AnalyticsEvent[] = [];
  let visitor: VisitorMeta | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let lastUrl = document.referrer;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };

  const drop = () => {
    queue = [];
    visitor = null;
    clearTimer();
  };

  const take = () => {
    const body = JSON.stringify(visitor ? { visitor, events: queue.slice(0, 50) } : { events: queue.slice(0, 50) });
    const registered = visitor !== null;
    queue = queue.slice(50);
    visitor = null;
    return { body, registered };
  };

  const markRegistered = () => {
    try {
      session()?.setItem(REGISTERED_KEY, "1");
    } catch {
      /* registered again on the next page load */
    }
  };

  const post = (body: string) =>
    fetch(ENDPOINT, { method: "POST", body, keepalive: true, credentials: "same-origin", headers: { "Content-Type": "application/json" } });

  const flush = (leaving: boolean) => {
    clearTimer();
    if (!allowed()) return drop();
    if (queue.length === 0 && !visitor) return;
    const { body, registered } = take();
    if (leaving && typeof navigator.sendBeacon === "function") {
      let queued = false;
      try {
        queued = navigator.sendBeacon(ENDPOINT, new Blob([body], { type: "application/json" }));
      } catch {
        queued = false;
      }
      if (queued) {
        if (registered) markRegistered();
        return;
      }
    }
    // An error answer (a refused or limited batch) is dropped; only a network failure is retried.
    void sendWithRetry(
      () =>
        post(body).then((res) => {
          if (res.ok && registered) markRegistered();
        }),
      undefined,
      allowed,
    );
    if (queue.length > 0) flush(leaving);
  };

  const schedule = () => {
    if (queue.length >= BATCH_SIZE) return flush(false);
    timer ??= setTimeout(() => flush(false), BATCH_DELAY_MS);
  };

  const onHide = () => {
    if (document.visibilityState === "hidden") flush(true);
  };
  window.addEventListener("pagehide", () => flush(true));
  document.addEventListener("visibilitychange", onHide);

  if (session()?.getItem(REGISTERED_KEY) !== "1") {
    void visitorMeta().then((meta) => {
      if (!allowed()) return;
      visitor = meta;
      schedule();
    });
  }

  return {
    pageView() {
      if (!allowed()) return drop();
      const url = window.location.href;
      queue.push({
        name: "page_view",
        sessionId: id,
        path: cap(window.location.pathname, 2048),
        referrer: cap(lastUrl, 2048),
        url: cap(url, 2048),
        title: cap(document.title, 300),
        screen: screenSize(),
        userAgent: cap(navigator.userAgent, 500),
        language: cap(navigator.language ?? "", 35),
      });
      lastUrl = url;
      schedule();
    },
    drop,
  };
}
