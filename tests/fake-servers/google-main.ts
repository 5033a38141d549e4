// Starts the fake Google (google-server.ts) on a fixed port until stopped, for a local server that
// a browser test signs in through:
//   npx tsx tests/fake-servers/google-main.ts [--port 8912] [--client-id ID] [--client-secret SECRET]
// Point the Worker at it with GOOGLE_OAUTH_URL=http://127.0.0.1:<port> and the same client id and
// secret (GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET; these are also read as the defaults here).
import { parseArgs } from "node:util";
import { startFakeGoogle } from "./google-server";

const { values } = parseArgs({
  options: {
    port: { type: "string", default: "8912" },
    "client-id": { type: "string", default: process.env.GOOGLE_CLIENT_ID || "storynest-e2e.apps.googleusercontent.com" },
    "client-secret": { type: "string", default: process.env.GOOGLE_CLIENT_SECRET || "fake-google-client-secret" },
  },
});
const port = Number(values.port);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  process.stderr.write(`--port must be a port number, not ${values.port}\n`);
  process.exit(2);
}

const server = await startFakeGoogle({ clientId: values["client-id"], clientSecret: values["client-secret"], port });
process.stdout.write(`fake Google listening on ${server.url} (client id ${values["client-id"]})\n`);
const stop = () => void server.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
