// Node's `util`, as far as the server bundle uses it: react-dom's Node.js renderer
// (app/render-stream.server.ts) takes its TextEncoder from it. The bundle targets web workers, so
// `util` would otherwise be an empty stand-in; workerd has the standard TextEncoder.
export const TextEncoder = globalThis.TextEncoder;
export const TextDecoder = globalThis.TextDecoder;
