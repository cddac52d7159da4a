// Names the build (go run ./build) injects with esbuild's define: hashed
// asset URLs. Page URLs are relative to the page; the worker's wasm is
// relative to the worker script.
declare const __LOOM_WORKER_URL__: string;
declare const __LOOM_WORKER_WASM__: string;
declare const __LOOM_PLAYGROUND_WASM_URL__: string;

// `import "go:wasm_exec"` is resolved by the build to the wasm_exec.js of
// the Go toolchain that built the wasm; it defines globalThis.Go.
declare module "go:wasm_exec" {}

declare class Go {
  importObject: WebAssembly.Imports;
  run(instance: WebAssembly.Instance): Promise<void>;
}
