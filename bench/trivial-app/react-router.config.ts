import type { Config } from "@react-router/dev/config";

/**
 * The bench's second baseline (docs/decisions/0025-bench.md): built by bench/lib/trivial-app.ts on every run
 * into bench/trivial-app/build, never part of the product build. Same framework mode and future flags as the
 * product (react-router.config.ts at the root), so only the app differs.
 */
export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    v8_middleware: false,
    v8_splitRouteModules: false,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
