// Scripted API keys for the fake servers (see base.ts). No Node imports: the Workers pool uses it too.

/** A fresh scripted key: `scriptedKey("429", "ok")` rate-limits once, then succeeds. */
export function scriptedKey(...steps: string[]): string {
  return `test.${steps.join("+")}:${crypto.randomUUID()}`;
}

export type SeenCall = { method: string; path: string; headers: Record<string, string>; body: unknown; at: number };

/** The calls a fake server received with this key (over HTTP, so it works from workerd too). */
export async function callsFor(serverUrl: string, key: string): Promise<SeenCall[]> {
  const res = await fetch(`${serverUrl}/__calls/${encodeURIComponent(key)}`);
  return (await res.json()) as SeenCall[];
}
