import type { Config } from "../config";

export type PublicOriginConfig = Pick<Config, "PUBLIC_URL" | "ALLOWED_HOSTS" | "PORT">;

/** What of a request the origin may come from: its scheme and its Host header (host[:port]). */
export interface RequestHost {
  protocol: string;
  host: string;
}

/**
 * The one place that decides the absolute origin of links we hand out (e-mails, canonical and
 * og:url, provider redirect URIs). PUBLIC_URL when configured (required in production); otherwise
 * the request's host only when it is on ALLOWED_HOSTS, else the first allowed host on our port.
 * The Host header is the client's to choose, so it is never trusted on its own.
 */
export function createPublicOrigin(config: PublicOriginConfig): (req: RequestHost) => string {
  if (config.PUBLIC_URL) {
    const fixed = config.PUBLIC_URL.replace(/\/+$/, "");
    return () => fixed;
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
function splitHost(host: string): { hostname: string } {
  const m = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i.exec(host);
  return { hostname: m ? m[1]! : "" };
}
