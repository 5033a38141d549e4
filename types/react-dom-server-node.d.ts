// react-dom's Node.js renderer (app/render-stream.server.ts, app/kept-markup.server.ts), typed as @types/react-dom types it under "react-dom/server".
declare module "react-dom/server.node" {
  export { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
}
