import type { Config } from "../config";
import { isLoopbackHost } from "./loopback";

export type PublicOriginConfig = Pick<Config, "PUBLIC_URL" | "ALLOWED_HOSTS" | "PORT">;

/**
 * What of a request the origin may come from: its scheme and host[:port] (Fastify's `protocol` and
 * `host`, which take X-Forwarded-Proto/-Host only from a proxy TRUST_PROXY trusts), and, from a
 * FastifyRequest, whether a trusted proxy forwarded it (`ips`: the trusted hops, set only when
 * TRUST_PROXY is on) and the port this server took the connection on (`socket.localPort`).
 */
export interface RequestHost {
  protocol: string;
  host: string;
  ips?: string[];
  headers?: Record<string, string | string[] | undefined>;
  socket?: { localPort?: number };
}

/**
 * The one place that decides the absolute origin of links we hand out (e-mails, canonical and
 * og:url, provider redirect URIs, the return address of an order). PUBLIC_URL when configured
 * (required in production); otherwise the request's host name only when it is on ALLOWED_HOSTS, else
 * the first allowed host, and never the port the client wrote: the port this server listens on (the
 * connection's, else the one it bound, else PORT), or none when a trusted proxy forwarded the request (its scheme's default
 * port, the proxy's). The Host header is the client's to choose, so it is never trusted on its own.
 *
 * A PUBLIC_URL on this machine (the local demo: `npm start` sets http://localhost:$PORT) is reached
 * under this machine's other names too: a request to a loopback name on ALLOWED_HOSTS at PUBLIC_URL's
 * port gets its own origin, so a visitor at 127.0.0.1 is sent back to 127.0.0.1 (their cookies are
 * there), not to localhost (docs/decisions/0015). Any other PUBLIC_URL is fixed, whatever the Host says.
 */
/** The origin for a request; `listenedOn` tells it the port the server bound (PORT may be 0: any free one). */
export type PublicOrigin = ((req: RequestHost) => string) & { listenedOn(port: number): void };

export function createPublicOrigin(config: PublicOriginConfig): PublicOrigin {
  let listening: number | undefined;
  return Object.assign(
    originFor(config, () => listening),
    {
      listenedOn(port: number) {
        listening = port;
      },
    },
  );
}

function originFor(config: PublicOriginConfig, listening: () => number | undefined): (req: RequestHost) => string {
  if (config.PUBLIC_URL) {
    const fixed = config.PUBLIC_URL.replace(/\/+$/, "");
    const url = new URL(fixed);
    if (!isLoopbackHost(url.hostname)) return () => fixed;
    const port = url.port || (url.protocol === "https:" ? "443" : "80");
    const aliases = config.ALLOWED_HOSTS.filter(isLoopbackHost);
    return (req) => {
      const { hostname, port: asked } = splitHost(req.host);
      const same = aliases.includes(hostname.toLowerCase()) && (asked ?? (url.protocol === "https:" ? "443" : "80")) === port;
      return same ? `${url.protocol}//${req.host.toLowerCase()}` : fixed;
    };
  }
  const allowed = config.ALLOWED_HOSTS;
  // URL leaves out the scheme's default port (http://localhost, not http://localhost:80).
  const origin = (protocol: string, hostname: string, port: number) => new URL(`${protocol}://${hostname}:${port}`).origin;
  return (req) => {
    // The connection's own port, else the one the server bound (a request without a socket, a letter of a job), else PORT.
    const port = req.socket?.localPort || listening() || config.PORT;
    const hostname = splitHost(req.host).hostname.toLowerCase();
    if (!allowed.includes(hostname)) return origin("http", allowed[0] ?? "localhost", port);
    const protocol = req.protocol === "https" ? "https" : "http";
    if (forwardedByTrustedProxy(req)) return `${protocol}://${hostname}`;
    return origin(protocol, hostname, port);
  };
}

/**
 * Fastify lists more than the socket's address in `ips` only when TRUST_PROXY trusts the socket's
 * peer and it sent X-Forwarded-For: the same trust that lets X-Forwarded-Proto/-Host through.
 */
function forwardedByTrustedProxy(req: RequestHost): boolean {
  if ((req.ips?.length ?? 0) < 2) return false;
  return req.headers?.["x-forwarded-host"] !== undefined || req.headers?.["x-forwarded-proto"] !== undefined;
}

/** host[:port] with IPv6 literals in brackets; anything unparseable has an empty hostname. */
function splitHost(host: string): { hostname: string; port?: string } {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host);
  return m ? { hostname: m[1]!, port: m[2] } : { hostname: "" };
}
