import path from "node:path";
import Fastify from "fastify";
import { serveUntilSignal } from "../lib/serve-until-signal";

/**
 * The trivial React Router page served the way src/server/main.ts serves Mentora: Fastify, the same
 * @mcansh/remix-fastify plugin in production mode, logger off. The second baseline of the bench: the
 * signed-in course page is divided by this one. Port from PORT; loopback only. Needs the build in
 * bench/trivial-app/build (bench/lib/trivial-app.ts makes it).
 */
// As src/server/start.ts does: React picks its production build from process.env, so set before it loads.
process.env.NODE_ENV = "production";
const port = Number(process.env.PORT ?? 0);

const app = Fastify({ logger: false });
const { reactRouterFastify } = await import("@mcansh/remix-fastify/react-router");
await app.register(reactRouterFastify, { mode: "production", buildDirectory: path.join(import.meta.dirname, "build") });

await serveUntilSignal(app, port);
