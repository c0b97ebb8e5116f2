import Fastify from "fastify";
import { readFileSync } from "node:fs";
const body = readFileSync("/tmp/exp/settings.json", "utf8");
const app = Fastify({ logger: false });
app.get("/", async (_req, reply) => { reply.type("application/json; charset=utf-8"); return body; });
await app.listen({ port: 3415, host: "127.0.0.1" });
