/** This machine, by host name (localhost, 127.x.x.x, [::1]) — e.g. from a URL or Host header. */
export function isLoopbackHost(hostname: string): boolean {
  return /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/.test(hostname.replace(/:\d+$/, ""));
}

/** This machine, by client address (as Fastify reports req.ip). */
export function isLoopbackIp(ip: string): boolean {
  return ip === "::1" || ip.startsWith("127.") || ip.startsWith("::ffff:127.");
}
