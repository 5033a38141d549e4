import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchShareState, setShared, SHARE_FAILED, ShareError } from "~/components/share/share-api";

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("the share API client", () => {
  it("posts {public} and returns the parsed state", async () => {
    const fetchMock = vi.fn(async () => json(200, { public: true, slug: "mia-map-k7pz2qxa", url: "https://s.example/story/mia-map-k7pz2qxa" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(setShared("abc123", true)).resolves.toEqual({ public: true, slug: "mia-map-k7pz2qxa", url: "https://s.example/story/mia-map-k7pz2qxa" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/books/abc123/share");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ public: true });
  });

  it("tries again when the server answers 503, then succeeds", async () => {
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(new Response("restarting", { status: 503 }))
      .mockResolvedValueOnce(json(200, { public: false, slug: null, url: "https://s.example/youraistory/abc123" }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(setShared("abc123", false)).resolves.toMatchObject({ public: false, slug: null });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("gives up after the retries with 'Failed to share story'", async () => {
    const fetchMock = vi.fn(async () => new Response("busy", { status: 503 }));
    vi.stubGlobal("fetch", fetchMock);
    await expect(fetchShareState("abc123")).rejects.toMatchObject({ message: SHARE_FAILED, status: 503 });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it("shows the server's reason for 404 and 409, and 'Failed to share story' for a 500 or a malformed answer", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(409, { error: "Only a finished book can be shared." })),
    );
    await expect(setShared("abc123", true)).rejects.toMatchObject({ message: "Only a finished book can be shared.", status: 409 });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(500, { error: "D1_ERROR: something internal" })),
    );
    await expect(setShared("abc123", true)).rejects.toMatchObject({ message: SHARE_FAILED });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, { public: "yes" })),
    );
    await expect(setShared("abc123", true)).rejects.toBeInstanceOf(ShareError);
  });

  it("public links off: the refusal carries the settings page, and the state says whether public links may be made", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(403, { error: "Public links are turned off in your privacy settings.", settings: "/profile/privacy" })),
    );
    await expect(setShared("abc123", true)).rejects.toMatchObject({
      message: "Public links are turned off in your privacy settings.",
      status: 403,
      settings: "/profile/privacy",
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(403, { error: "Refused", settings: "//elsewhere.example/" })),
    );
    await expect(setShared("abc123", true)).rejects.toMatchObject({ message: SHARE_FAILED, settings: undefined });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(200, { public: false, slug: null, url: "https://s.example/youraistory/abc123", publicSharingAllowed: false })),
    );
    await expect(fetchShareState("abc123")).resolves.toMatchObject({ publicSharingAllowed: false });
  });

  it("says to check the connection when the request cannot be sent", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))),
    );
    await expect(setShared("abc123", true)).rejects.toThrow(/check your internet connection/);
  });
});
