import type { ReactNode } from "react";
import { renderToPipeableStream } from "react-dom/server.node";

/**
 * React's page renderer whose output reaches the response in few, large chunks.
 *
 * react-dom's web-streams renderer (`renderToReadableStream`) encodes every dynamic string on its
 * own (a new byte array each) and hands the response stream one 512-byte chunk at a time: some
 * 300 chunks for the library page, each a call into the runtime and a write of its own on the way
 * out. Its Node.js renderer writes the same bytes, encoded in place into 2 KiB buffers, to a
 * destination and says when each burst of writing ends (`flush`). The destination here gathers a
 * burst and passes it on as one chunk, so streaming works as before (the shell at once, each
 * Suspense boundary's content when it is ready), with a chunk per burst instead of per 512 bytes.
 */
export interface PageStream extends ReadableStream<Uint8Array> {
  /** settles when everything, including every Suspense boundary, has been rendered */
  allReady: Promise<void>;
}

export function renderPageStream(
  page: ReactNode,
  { nonce, signal, onError }: { nonce?: string; signal: AbortSignal; onError: (error: unknown) => void },
): Promise<PageStream> {
  return new Promise((resolve, reject) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let parts: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    let settleAll!: () => void;
    const allReady = new Promise<void>((r) => (settleAll = r));
    const flush = () => {
      if (size === 0 || ended) return;
      const chunk = parts.length === 1 ? parts[0] : new Uint8Array(size);
      if (parts.length > 1) {
        let at = 0;
        for (const part of parts) {
          chunk.set(part, at);
          at += part.byteLength;
        }
      }
      parts = [];
      size = 0;
      controller.enqueue(chunk);
    };
    // What React's Node.js renderer calls on its destination (a Writable's surface): it writes
    // buffers it never touches again, flushes at the end of each burst, ends when all is written.
    const destination = {
      write(chunk: Uint8Array) {
        if (chunk.byteLength > 0) {
          // a chunk React made once for every page (a constant) is copied at the burst's end, before any other render runs
          parts.push(chunk);
          size += chunk.byteLength;
        }
        return true;
      },
      flush,
      end() {
        flush();
        if (ended) return;
        ended = true;
        controller.close();
      },
      destroy(error?: unknown) {
        if (ended) return;
        ended = true;
        controller.error(error ?? new Error("The page could not be rendered"));
      },
      // no backpressure here ("drain") and no way for the stream to fail on its own ("error", "close")
      on() {
        return destination;
      },
    };
    // As react-dom's web-streams renderer does: the writing starts when the response is first read
    // (so what is ready by then, e.g. the page's data, is written in place instead of streamed after it).
    let flowing = false;
    const body = new ReadableStream<Uint8Array>(
      {
        start(c) {
          controller = c;
        },
        pull() {
          if (flowing) return;
          flowing = true;
          stream.pipe(destination as unknown as NodeJS.WritableStream);
        },
        cancel() {
          stream.abort();
        },
      },
      { highWaterMark: 0 },
    ) as PageStream;
    body.allReady = allReady;
    const stream = renderToPipeableStream(page, {
      nonce,
      onShellReady() {
        resolve(body);
      },
      onShellError(error) {
        settleAll();
        reject(error);
      },
      onAllReady() {
        settleAll();
      },
      onError,
    });
    if (signal.aborted) stream.abort(signal.reason);
    else signal.addEventListener("abort", () => stream.abort(signal.reason), { once: true });
  });
}
