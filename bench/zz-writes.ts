import net from "node:net";
import { parseConfig } from "../src/server/config";
const counts: Record<string, number> = {};
const P = net.Socket.prototype as any;
for (const m of ["_writev", "_write"]) { const orig = P[m]; P[m] = function (...a: any[]) { const k = m + ":" + (m === "_writev" ? a[0].map((c: any) => typeof c.chunk === "string" ? "s" + c.chunk.length : "b" + c.chunk.length).join(",") : (typeof a[0] === "string" ? "s" : "b") + a[0].length); counts[k] = (counts[k] ?? 0) + 1; return orig.apply(this, a); }; }
const config = parseConfig();
process.env.NODE_ENV = config.NODE_ENV;
const { openDatabase } = await import("../src/server/db/client");
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
const { buildApp } = await import("../src/server/main");
const app = await buildApp({ config, database });
await app.listen({ port: 3418, host: "127.0.0.1" });
for (let i = 0; i < 3; i++) await (await fetch("http://127.0.0.1:3418/api/portal/settings")).text();
for (const k of Object.keys(counts)) delete counts[k];
for (let i = 0; i < 5; i++) await (await fetch("http://127.0.0.1:3418/api/portal/settings", { headers: { "accept-encoding": "identity" } })).text();
console.log(counts);
await app.close(); await database.close(); process.exit(0);
