import zlib from "node:zlib";
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { installPublicReplies, type PublicReplies } from "./public-replies";

/** A small app shaped like main.ts: the cache first, a later onRequest hook, a header set in onSend. */
async function appWith(version: { v: number }, opts: { bumpAfterEachReply?: boolean } = {}) {
  const app = Fastify({ logger: false });
  const replies: PublicReplies = installPublicReplies(app, ["/api/public", "/api/cookie"], { current: () => version.v });
  const seen = { route: 0, laterHook: 0 };
  app.addHook("onRequest", (_req, _reply, done) => {
    seen.laterHook++;
    done();
  });
  app.addHook("onSend", (_req, reply, payload, done) => {
    reply.header("x-frame-options", "SAMEORIGIN");
    done(null, payload);
  });
  app.addHook("onSend", (req, reply, payload, done) => done(null, replies.store(req, reply, payload)));
  if (opts.bumpAfterEachReply)
    app.addHook("onSend", (_req, _reply, payload, done) => {
      version.v++;
      done(null, payload);
    });
  app.get("/api/public", async (_req, reply) => {
    seen.route++;
    reply.type("application/json; charset=utf-8");
    return JSON.stringify({ version: version.v, text: "x".repeat(2_000) });
  });
  app.get("/api/cookie", async (_req, reply) => {
    seen.route++;
    reply.header("set-cookie", "a=1");
    return { ok: true };
  });
  app.post("/api/public", async () => ({ posted: true }));
  await app.ready();
  return { app, replies, seen };
}

const apps: FastifyInstance[] = [];
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
});

describe("public replies", () => {
  it("answers a stored reply from memory with the real reply's headers, in the encoding accepted, until the version moves", async () => {
    const version = { v: 1 };
    const { app, replies, seen } = await appWith(version);
    apps.push(app);
    const first = await app.inject({ url: "/api/public" });
    expect(first.statusCode).toBe(200);
    await replies.settled();
    expect(seen).toEqual({ route: 1, laterHook: 1 });

    const again = await app.inject({ url: "/api/public" });
    expect(again.body).toBe(first.body);
    expect(again.headers).toMatchObject({ "content-type": "application/json; charset=utf-8", "x-frame-options": "SAMEORIGIN", vary: "Accept-Encoding" });
    expect(Number(again.headers["content-length"])).toBe(first.rawPayload.length);
    expect(seen).toEqual({ route: 1, laterHook: 1 });

    const br = await app.inject({ url: "/api/public", headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(first.body);
    const gz = await app.inject({ url: "/api/public", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(first.body);
    expect(seen.route).toBe(1);

    version.v = 2;
    const changed = await app.inject({ url: "/api/public" });
    expect(JSON.parse(changed.body).version).toBe(2);
    expect(seen.route).toBe(2);
  });

  it("leaves to the route a query string, another method, and a reply that sets a cookie", async () => {
    const { app, replies, seen } = await appWith({ v: 1 });
    apps.push(app);
    await app.inject({ url: "/api/public" });
    await replies.settled();
    await app.inject({ url: "/api/public?fresh=1" });
    expect(seen.route).toBe(2);
    expect(JSON.parse((await app.inject({ method: "POST", url: "/api/public" })).body)).toEqual({ posted: true });
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ url: "/api/cookie" });
      expect(res.headers["set-cookie"]).toBe("a=1");
      await replies.settled();
    }
    expect(seen.route).toBe(4);
  });

  it("does not store a reply whose content changed while it was made", async () => {
    const version = { v: 1 };
    const { app, replies, seen } = await appWith(version, { bumpAfterEachReply: true });
    apps.push(app);
    await app.inject({ url: "/api/public" });
    await replies.settled();
    await app.inject({ url: "/api/public" });
    expect(seen.route).toBe(2);
  });
});
