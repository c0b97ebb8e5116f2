import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ContentVersion } from "./content-version";
import { keptHeaders, negotiateEncoding, storeReply, writeStored, type StoredReply } from "./stored-reply";

/**
 * Public replies answered from memory (issue 10): a GET whose answer is the same for every client
 * and changes only with the content version (the portal settings every shell load asks for) is
 * answered in the first onRequest hook with the bytes and headers of the last real reply, in the
 * encoding the client accepts. The router, authentication, the overload gate and the onSend hooks
 * are skipped: their work for this reply was done once, when it was stored, and answering from
 * memory costs less than queueing would.
 *
 * - Only the listed paths, exactly (a query string goes to the route), and only GET.
 * - Stored: a 200 reply that sets no cookie, of the version the request began in and still current.
 *   The headers are the real reply's (security headers included) but for the per-reply ones.
 * - A version change makes every entry stale: the next request goes to the route and stores again.
 */

interface Stored extends StoredReply {
  version: number;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The content version a public reply's request began in, when its reply may be stored. */
    publicReplyVersion: number | null;
  }
}

export interface PublicReplies {
  /** onRequest: answers from memory, or marks the request so that its reply is stored. */
  serve(req: FastifyRequest, reply: FastifyReply): void;
  /** onSend, after every hook that sets headers and before compression: keeps a marked reply. */
  store(req: FastifyRequest, reply: FastifyReply, payload: unknown): unknown;
  /** Resolves when the replies being stored are in (tests). */
  settled(): Promise<void>;
}

export function createPublicReplies(paths: readonly string[], version: Pick<ContentVersion, "current">): PublicReplies {
  const served = new Set(paths);
  const entries = new Map<string, Stored>();
  const storing = new Set<Promise<void>>();

  async function keep(path: string, at: number, identity: Buffer, headers: Record<string, string | string[]>) {
    const stored = await storeReply(identity, headers);
    if (version.current() === at) entries.set(path, { ...stored, version: at });
  }

  return {
    serve(req, reply) {
      req.publicReplyVersion = null;
      if (req.method !== "GET" || !served.has(req.url)) return;
      const current = version.current();
      const hit = entries.get(req.url);
      if (!hit || hit.version !== current) {
        req.publicReplyVersion = current;
        return;
      }
      writeStored(reply, hit, negotiateEncoding(req.headers["accept-encoding"]));
    },

    store(req, reply, payload) {
      const at = req.publicReplyVersion;
      if (at === null || at === undefined) return payload;
      req.publicReplyVersion = null;
      if (reply.statusCode !== 200 || reply.hasHeader("set-cookie") || reply.hasHeader("content-encoding")) return payload;
      if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload;
      if (version.current() !== at) return payload;
      const task = keep(req.url, at, Buffer.from(payload), keptHeaders(reply)).catch((err: unknown) => req.log.warn({ err }, "public reply not stored"));
      storing.add(task);
      void task.finally(() => storing.delete(task));
      return payload;
    },

    async settled() {
      await Promise.all([...storing]);
    },
  };
}

/**
 * Installs the cache: its serve hook must be the first onRequest hook (call this before any other
 * hook is added), its store hook goes where main.ts puts it (after the security headers, before compression).
 */
export function installPublicReplies(app: FastifyInstance, paths: readonly string[], version: Pick<ContentVersion, "current">): PublicReplies {
  const replies = createPublicReplies(paths, version);
  app.decorateRequest("publicReplyVersion", null);
  app.addHook("onRequest", (req, reply, done) => {
    replies.serve(req, reply);
    done();
  });
  return replies;
}
