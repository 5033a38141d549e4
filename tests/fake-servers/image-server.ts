// A fake of a generic image provider: POST (any path) with an image request (prompt, size, model,
// photo, steps, cfg_scale...), answering `{ output: [urls] }`; the URLs point back at this server's /files/.
// Extra steps:  images   answer { images: [url] } instead of output
//               dataurl  answer { output: ["data:image/png;base64,..."] }
//               b64      answer { images: [{ b64_json }] }
//               badtype  answer { output: 42 }
//               nooutput answer {} (no output at all)
//               jpeg | notimage | missing   the output URL serves a JPEG, a text file, or a 404
import { PAGE_PNG, TINY_JPEG } from "./png";
import { startFakeServer, type FakeServer } from "./base";

export async function startFakeImageServer(): Promise<FakeServer> {
  return startFakeServer(
    ({ step, base, send }) => {
      const file = (name: string) => `${base}/files/${name}`;
      switch (step) {
        case "empty":
          return send(200, { output: [] });
        case "nooutput":
          return send(200, { status: "succeeded" });
        case "badtype":
          return send(200, { output: 42 });
        case "images":
          return send(200, { images: [file("page.png")] });
        case "dataurl":
          return send(200, { output: [`data:image/png;base64,${PAGE_PNG.toString("base64")}`] });
        case "b64":
          return send(200, { images: [{ b64_json: PAGE_PNG.toString("base64") }] });
        case "jpeg":
          return send(200, { output: [file("page.jpg")] });
        case "notimage":
          return send(200, { output: [file("readme.txt")] });
        case "missing":
          return send(200, { output: [file("gone.png")] });
        default:
          return send(200, { output: [file("page.png")] });
      }
    },
    (path, res) => {
      const serve = (type: string, body: Buffer | string) => {
        res.writeHead(200, { "content-type": type });
        res.end(body);
        return true;
      };
      if (path === "/files/page.png") return serve("image/png", PAGE_PNG);
      if (path === "/files/page.jpg") return serve("image/jpeg", TINY_JPEG);
      if (path === "/files/readme.txt") return serve("text/plain", "not a picture");
      if (path.startsWith("/files/")) {
        res.writeHead(404, { "content-type": "text/plain" });
        res.end("not found");
        return true;
      }
      return false;
    },
  );
}
