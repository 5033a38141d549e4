import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { bookIdParam, zodValidator } from "../../workers/api/validate";

// What a new endpoint gets from the one validator when it adds nothing of its own (decision 021).
const app = new Hono().post("/books/:bookId/notes", bookIdParam, zodValidator("json", z.object({ text: z.string().min(1, "Please write a note.") })), (c) =>
  c.json({ bookId: c.req.valid("param").bookId, text: c.req.valid("json").text }, 201),
);

const post = (path: string, body: string, type = "application/json") => app.request(path, { method: "POST", headers: { "Content-Type": type }, body });

describe("a new endpoint's checks", () => {
  it("hands the handler the parsed values", async () => {
    const res = await post("/books/abc123/notes", JSON.stringify({ text: "Lovely" }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ bookId: "abc123", text: "Lovely" });
  });

  it("answers a failed rule with 400, the problems in a sentence and as a list", async () => {
    const res = await post("/books/abc123/notes", JSON.stringify({ text: "" }));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: "Invalid request: text: Please write a note.", issues: [{ path: "text", message: "Please write a note." }] });
  });

  it("answers a body that is not JSON with 400, and one sent as another type with 415", async () => {
    const broken = await post("/books/abc123/notes", "{oops");
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "The request body must be JSON" });
    const plain = await post("/books/abc123/notes", JSON.stringify({ text: "Lovely" }), "text/plain");
    expect(plain.status).toBe(415);
    expect(await plain.json()).toEqual({ error: "Send the body as JSON, with Content-Type: application/json." });
  });

  it("answers an id that cannot be a book like another visitor's book: 404, before the body is read", async () => {
    const res = await post("/books/not-a-book!/notes", "{oops");
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Book not found" });
  });
});
