import Fastify from "fastify";
import { serveUntilSignal } from "./lib/serve-until-signal";

/**
 * The bare baseline: the same Fastify major as Mentora with nothing on top. Every Mentora figure is
 * divided by this one, measured in the same run, so the ratios survive a noisy or slower machine.
 * Port from argv[2] or PORT; loopback only.
 */
const port = Number(process.argv[2] ?? process.env.PORT ?? 0);
const app = Fastify({ logger: false });
app.get("/", async () => ({ hello: "world" }));

await serveUntilSignal(app, port);
