/** Liveness and readiness on each database: readiness follows the database, liveness does not. */
import { describe, expect, it } from "vitest";
import { databaseKinds, openTestDatabase, testConfig } from "../../../tests/setup/databases";
import { buildApp } from "../main";

for (const kind of databaseKinds()) {
  describe(`health and readiness [${kind}]`, () => {
    it("are ready while the database answers and NOT-READY (503) once it is gone, while health still answers", async () => {
      const handle = await openTestDatabase(kind);
      const app = await buildApp({ config: testConfig(handle.url), database: handle.database, ssr: false, logger: false });
      try {
        const ready = await app.inject({ method: "GET", url: "/api/ready" });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({ ok: true, db: kind });

        await handle.dispose();
        const gone = await app.inject({ method: "GET", url: "/api/ready" });
        expect(gone.statusCode).toBe(503);
        expect(gone.json().error).toMatchObject({ code: "NOT-READY", key: "errors:codes.NOT_READY" });
        const health = await app.inject({ method: "GET", url: "/api/health" });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ ok: true, db: kind });
      } finally {
        await app.close();
      }
    });

    it("name the answering process with HEALTH_PID=true", async () => {
      const handle = await openTestDatabase(kind);
      const app = await buildApp({ config: testConfig(handle.url, { HEALTH_PID: "true" }), database: handle.database, ssr: false, logger: false });
      try {
        expect((await app.inject({ method: "GET", url: "/api/health" })).json()).toEqual({ ok: true, db: kind, pid: process.pid });
        expect((await app.inject({ method: "GET", url: "/api/ready" })).json()).toEqual({ ok: true, db: kind, pid: process.pid });
      } finally {
        await app.close();
        await handle.dispose();
      }
    });
  });
}
