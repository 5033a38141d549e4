import { describe, expect, it } from "vitest";
import { evictOldest, FORCE_REFRESH_KEY, setForceRefresh, takeForceRefresh, type KeyValueStorage } from "~/components/library/library-cache-storage";

/** localStorage in memory. */
class MemoryStorage implements KeyValueStorage {
  map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

describe("the library's force-refresh flag (set at sign-out)", () => {
  it("is read once: set, then taken, then gone", () => {
    const s = new MemoryStorage();
    expect(takeForceRefresh(s)).toBe(false);
    setForceRefresh(s);
    expect(s.getItem(FORCE_REFRESH_KEY)).toBe("1");
    expect(takeForceRefresh(s)).toBe(true);
    expect(takeForceRefresh(s)).toBe(false);
    expect(s.length).toBe(0);
  });

  it("is never evicted to make room for a snapshot", () => {
    const s = new MemoryStorage();
    setForceRefresh(s);
    s.setItem("story-app-old", JSON.stringify({ savedAt: 1 }));
    expect(evictOldest(s, 1)).toEqual(["story-app-old"]);
    expect(takeForceRefresh(s)).toBe(true);
  });

  it("is quietly absent when storage is switched off", () => {
    const refuse = () => {
      throw new Error("SecurityError");
    };
    const off: KeyValueStorage = { length: 0, key: () => null, getItem: refuse, setItem: refuse, removeItem: refuse };
    expect(() => setForceRefresh(off)).not.toThrow();
    expect(takeForceRefresh(off)).toBe(false);
  });
});
