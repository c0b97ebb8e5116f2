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

/**
 * Test files share their worker's module graph (`isolate: false`): the app's modules are imported
 * once per worker instead of once per file, which was a fifth of the suite's time (docs/decisions/0072).
 * Nothing the app keeps at module level is per test (caches of fonts and rich text, counters read as
 * differences). A file that replaces a module with vi.mock runs isolated, in the `mocks` project:
 * in a shared graph the module may already be loaded, unmocked, and the mock would leak to the next file.
 * MENTORA_TEST_ISOLATE=1 isolates every file again (to tell a leak between files from a real failure).
 */
/**
 * expect.poll gives up after 1 s by default: on a loaded machine a lazy chunk hydrates or a reply
 * lands later than that, and a wait that should end failed instead (CI, 2026-12-03). Polls only wait
 * longer when what they wait for is late, so a generous limit costs a passing test nothing.
 */
const POLL = { timeout: 20_000 };

const ISOLATE = process.env.MENTORA_TEST_ISOLATE === "1";
const MOCKING_FILES = ["src/server/modules/certificates/service.test.ts", "tests/integration/safe-text-schemas.int.test.ts"];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          maxWorkers: WORKERS,
          isolate: ISOLATE,
          include: ["src/**/*.test.{ts,tsx}", "tests/lint/**/*.test.ts", "tests/stand-ins/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["src/**/*.int.test.ts", "node_modules/**", ...MOCKING_FILES],
          environment: "node",
        },
      },
      {
        test: {
          name: "integration",
          maxWorkers: WORKERS,
          isolate: ISOLATE,
          include: ["src/**/*.int.test.ts", "tests/integration/**/*.int.test.ts"],
          exclude: ["node_modules/**", ...MOCKING_FILES],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 60_000,
          expect: { poll: POLL },
          globalSetup: ["tests/setup/pglite-snapshot.ts", "tests/setup/postgres-template.ts"],
        },
      },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.e2e.test.ts"],
          environment: "node",
          // Files run side by side (each has its own app, port, PGlite and browser: nothing is shared),
          // isolated: their time is Chromium's, not imports (sharing workers saved nothing measurable).
          // The timeouts only catch a hang: a two-core machine shared by three browsers is slow, and a
          // CI run on a loaded machine took twice as long as a quiet one, its slowest steps six times.
          maxWorkers: WORKERS,
          testTimeout: 300_000,
          hookTimeout: 180_000,
          expect: { poll: POLL },
          // The PostgreSQL template is for the specs on real app processes (chat-restart); the others
          // never ask for it. MENTORA_SKIP_PG=1 skips those specs, as in integration.
          globalSetup: ["tests/setup/pglite-snapshot.ts", "tests/setup/postgres-template.ts"],
        },
      },
      {
        test: {
          name: "mocks",
          maxWorkers: WORKERS,
          include: MOCKING_FILES,
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
          globalSetup: ["tests/setup/pglite-snapshot.ts", "tests/setup/postgres-template.ts"],
        },
      },
    ],
  },
});
