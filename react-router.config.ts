import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "src/web",
  // MENTORA_BUILD_DIR lets parallel work trees of one checkout build without clobbering each other.
  buildDirectory: process.env.MENTORA_BUILD_DIR || "build",
  ssr: true,
  // The whole route manifest is one immutable, precompressed file the browser caches, instead of a partial
  // manifest matched and inlined into every page and a /__manifest request per navigation (docs/decisions/0041).
  routeDiscovery: { mode: "initial" },
  // v8 behaviours stay off until we move to v8 on Node 22; stating them silences the build warnings.
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
