import type { Config } from "../config";
import { isLoopbackHost } from "./loopback";

export type PublicOriginConfig = Pick<Config, "PUBLIC_URL" | "ALLOWED_HOSTS" | "PORT">;

/** What of a request the origin may come from: its scheme and its Host header (host[:port]). */
export interface RequestHost {
  protocol: string;
  host: string;
}

/**
 * The one place that decides the absolute origin of links we hand out (e-mails, canonical and
 * og:url, provider redirect URIs, the return address of an order). PUBLIC_URL when configured
 * (required in production); otherwise the request's host only when it is on ALLOWED_HOSTS, else the
 * first allowed host on our port. The Host header is the client's to choose, so it is never trusted
 * on its own.
 *
 * A PUBLIC_URL on this machine (the local demo: `npm start` sets http://localhost:$PORT) is reached
 * under this machine's other names too: a request to a loopback name on ALLOWED_HOSTS at PUBLIC_URL's
 * port gets its own origin, so a visitor at 127.0.0.1 is sent back to 127.0.0.1 (their cookies are
 * there), not to localhost (docs/decisions/0015). Any other PUBLIC_URL is fixed, whatever the Host says.
 */
export function createPublicOrigin(config: PublicOriginConfig): (req: RequestHost) => string {
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
  const fallback = `http://${allowed[0] ?? "localhost"}:${config.PORT}`;
  return (req) => {
    const { hostname } = splitHost(req.host);
    if (!allowed.includes(hostname.toLowerCase())) return fallback;
    const protocol = req.protocol === "https" ? "https" : "http";
    return `${protocol}://${req.host.toLowerCase()}`;
  };
}

/** host[:port] with IPv6 literals in brackets; anything unparseable has an empty hostname. */
function splitHost(host: string): { hostname: string; port?: string } {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::(\d{1,5}))?$/i.exec(host);
  return m ? { hostname: m[1]!, port: m[2] } : { hostname: "" };
}
