// Non-JavaScript modules bundled by wrangler (see wrangler.toml [[rules]]): a compiled WebAssembly
// module for .wasm, raw bytes for .ttf.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
