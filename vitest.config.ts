import { defineConfig } from "vitest/config";

/**
 * Three projects: unit (pure functions, and tests of the providers' stand-ins, which need no
 * database), integration (API and repos on PGlite and PostgreSQL, and the browser-free SSR specs
 * through `app.inject`, which need the build), e2e (Debian's Chromium against the built app).
 * `npm test` builds first, then runs all three.
 *
 * PGlite databases of integration and e2e tests start from snapshots made once per run
 * (tests/setup/pglite-snapshot.ts); PostgreSQL ones are cloned from templates
 * (tests/setup/postgres-template.ts).
 */
/**
 * One pool for the three projects (Vitest wants one worker count for projects that run together):
 * three workers on two cores, because browser specs spend much of their time waiting for Chromium.
 * MENTORA_TEST_WORKERS overrides it.
 */
const WORKERS = Number(process.env.MENTORA_TEST_WORKERS) || 3;

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          maxWorkers: WORKERS,
          include: ["src/**/*.test.{ts,tsx}", "tests/lint/**/*.test.ts", "tests/stand-ins/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "node_modules/**"],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          maxWorkers: WORKERS,
          include: ["src/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["tests/setup/pglite-snapshot.ts", "tests/setup/postgres-template.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          // Files run side by side (each has its own app, port, PGlite and browser: nothing is shared).
          maxWorkers: WORKERS,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The PostgreSQL template is for the specs on real app processes (chat-restart); the others
          // never ask for it. MENTORA_SKIP_PG=1 skips those specs, as in integration.
          globalSetup: ["tests/setup/pglite-snapshot.ts", "tests/setup/postgres-template.ts"],
        },
      },
    ],
  },
});
