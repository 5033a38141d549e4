import { z } from "zod";
import { BUILT_IN_THEMES, type ThemeTemplate } from "~/domain/story/themes";
import type { Db } from "./db/client.server";
import { listActiveThemes } from "./db/themes.server";
import { log } from "~/services/log.server";

/** Theme templates are cached 5 minutes. */
export const THEME_CACHE_MS = 300_000;
export const THEME_CACHE_KEY = "theme:active";

const cachedSchema = z.object({
  storedAt: z.number(),
  themes: z.array(
    z.object({
      themeId: z.string(),
      title: z.string(),
      description: z.string(),
      theme: z.string(),
      emoji: z.string(),
      color: z.string(),
      ageRange: z.string(),
      popular: z.boolean(),
      moralLesson: z.string(),
      specialElements: z.string(),
      artStyle: z.string(),
      status: z.enum(["Active", "Inactive"]),
    }),
  ),
});

export type ThemeSource = "cache" | "database" | "built-in";

export interface ThemeService {
  list(): Promise<{ themes: ThemeTemplate[]; source: ThemeSource }>;
  /**
   * The version of the theme data the pages show: a digest of the list itself, so it changes the
   * moment the list does (part of the edge cache's key of every shared page, which shows themes).
   */
  version(): Promise<string>;
  /** Forget the cached list (after the themes change): the next read takes D1's rows, and so a new version. */
  invalidate(): Promise<void>;
}

/**
 * How long an isolate reuses the theme data's version without reading KV again (the edge cache reads
 * it for every shared page it serves: one KV read less per request). `invalidate()` forgets it in
 * its own isolate at once; elsewhere a change shows within this time (KV itself may take up to a
 * minute to show a change everywhere).
 */
export const THEME_VERSION_MEMO_MS = 5_000;
let memo: { kv: KVNamespace; version: string; at: number } | null = null;

/** A short digest of a theme list. */
export async function themesVersion(themes: ThemeTemplate[]): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(themes))));
  return Array.from(digest.slice(0, 8), (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Active theme templates: KV first (5 minutes), then D1, then the five built-ins when the table is
 * empty or D1 fails. A failed or empty read is not cached, so the real rows show as soon as they exist.
 */
export function createThemeService(db: Db, kv: KVNamespace, now: () => number = Date.now): ThemeService {
  const service: ThemeService = {
    async version() {
      const at = now();
      if (memo && memo.kv === kv && at >= memo.at && at - memo.at < THEME_VERSION_MEMO_MS) return memo.version;
      const version = await themesVersion((await service.list()).themes);
      memo = { kv, version, at };
      return version;
    },
    async invalidate() {
      memo = null;
      await kv.delete(THEME_CACHE_KEY);
    },
    async list() {
      const cached = await kv.get(THEME_CACHE_KEY, "json").catch(() => null);
      const parsed = cachedSchema.safeParse(cached);
      if (parsed.success && now() - parsed.data.storedAt < THEME_CACHE_MS && parsed.data.themes.length > 0) {
        return { themes: parsed.data.themes, source: "cache" };
      }
      let rows: ThemeTemplate[] = [];
      try {
        rows = await listActiveThemes(db);
      } catch (error) {
        log.warn("theme_templates read failed, using built-ins", { error });
      }
      if (rows.length === 0) return { themes: [...BUILT_IN_THEMES], source: "built-in" };
      // KV's own expiry is a backstop; freshness is decided by storedAt so it is exact.
      await kv.put(THEME_CACHE_KEY, JSON.stringify({ storedAt: now(), themes: rows }), { expirationTtl: 600 }).catch(() => undefined);
      return { themes: rows, source: "database" };
    },
  };
  return service;
}
