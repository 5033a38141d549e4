// .wasm files are bundled by wrangler's default rule as compiled WebAssembly modules. (The .ttf
// declaration, from the [[rules]] entry in wrangler.toml, is generated into worker-configuration.d.ts.)
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
