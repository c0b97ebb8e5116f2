import Fastify from "fastify";
import { readFileSync } from "node:fs";
const body = readFileSync("/tmp/exp/settings.json");
const mode = process.argv[2];
const H: Record<string,string> = {"Cross-Origin-Opener-Policy":"same-origin","Cross-Origin-Resource-Policy":"same-origin","Origin-Agent-Cluster":"?1","Referrer-Policy":"no-referrer","Strict-Transport-Security":"max-age=31536000; includeSubDomains","X-Content-Type-Options":"nosniff","X-DNS-Prefetch-Control":"off","X-Download-Options":"noopen","X-Frame-Options":"SAMEORIGIN","X-Permitted-Cross-Domain-Policies":"none","X-XSS-Protection":"0","permissions-policy":"camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(self), browsing-topics=()","cache-control":"no-store","vary":"Accept-Encoding"};
const app = Fastify({ logger: false });
app.get("/", async (_req, reply) => { reply.type("application/json; charset=utf-8"); if (mode !== "plain") reply.headers(H); return mode === "string" ? body.toString() : body; });
await app.listen({ port: Number(process.argv[3]), host: "127.0.0.1" });
