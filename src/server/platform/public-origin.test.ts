import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../config";
import { createPublicOrigin } from "./public-origin";

const dev = (env: Record<string, string> = {}) => createPublicOrigin(parseConfig({ NODE_ENV: "development", PORT: "3000", ...env }));

describe("the origin of the links we hand out", () => {
  it("is PUBLIC_URL whatever the Host header says, without a trailing slash", () => {
    const origin = createPublicOrigin(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org/" }));
    for (const host of ["attacker.example", "learn.example.org", "localhost:3000", ""]) {
      expect(origin({ protocol: "http", host })).toBe("https://learn.example.org");
    }
  });

  it("with PUBLIC_URL on this machine (npm start), answers this machine's allowed names at its port with their own origin", () => {
    const origin = createPublicOrigin(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" }));
    expect(origin({ protocol: "http", host: "127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
    expect(origin({ protocol: "http", host: "[::1]:3000" })).toBe("http://[::1]:3000");
    expect(origin({ protocol: "https", host: "LOCALHOST:3000" })).toBe("http://localhost:3000");
    for (const host of ["127.0.0.1:3001", "127.0.0.1", "attacker.example:3000", "127.0.0.2:3000", "localhost@attacker.example:3000", ""]) {
      expect(origin({ protocol: "http", host }), host).toBe("http://localhost:3000");
    }
    // Only names on ALLOWED_HOSTS.
    const narrow = createPublicOrigin(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000", ALLOWED_HOSTS: "localhost" }));
    expect(narrow({ protocol: "http", host: "127.0.0.1:3000" })).toBe("http://localhost:3000");
  });

  it("without PUBLIC_URL, takes the request's host name only when it is on ALLOWED_HOSTS, on our port", () => {
    const origin = dev();
    expect(origin({ protocol: "http", host: "localhost:3000" })).toBe("http://localhost:3000");
    expect(origin({ protocol: "http", host: "127.0.0.1:3000" })).toBe("http://127.0.0.1:3000");
    expect(origin({ protocol: "http", host: "[::1]:3000" })).toBe("http://[::1]:3000");
    expect(origin({ protocol: "https", host: "LOCALHOST" })).toBe("https://localhost:3000");
    // On port 80 (or 443 for https) the URL names none.
    expect(dev({ PORT: "80" })({ protocol: "http", host: "localhost" })).toBe("http://localhost");
  });

  it("without PUBLIC_URL, never keeps the port the client put in Host: it is the port the server took the connection on, else PORT", () => {
    const origin = dev();
    for (const host of ["localhost:6666", "127.0.0.1:41234", "[::1]:8080", "localhost:0", "localhost:99999", "localhost"]) {
      expect(origin({ protocol: "http", host }), host).toBe(`http://${host.replace(/:\d+$/, "").toLowerCase()}:3000`);
    }
    // A server listening on an ephemeral port (PORT=0): the connection's own local port.
    const ephemeral = dev({ PORT: "0" });
    expect(ephemeral({ protocol: "http", host: "127.0.0.1:6666", socket: { localPort: 41234 } })).toBe("http://127.0.0.1:41234");
    expect(ephemeral({ protocol: "http", host: "attacker.example:6666", socket: { localPort: 41234 } })).toBe("http://localhost:41234");
    // Without a socket (an injected request, a job's letter): the port the server bound.
    ephemeral.listenedOn(41235);
    expect(ephemeral({ protocol: "http", host: "localhost:6666" })).toBe("http://localhost:41235");
    expect(ephemeral({ protocol: "http", host: "" })).toBe("http://localhost:41235");
  });

  it("without PUBLIC_URL, behind a trusted proxy that forwarded proto or host, names no port (the proxy's default one)", () => {
    const origin = dev();
    const viaProxy = { ips: ["127.0.0.1", "203.0.113.7"], socket: { localPort: 3000 } };
    expect(
      origin({ ...viaProxy, protocol: "https", host: "localhost:8443", headers: { "x-forwarded-host": "localhost:8443", "x-forwarded-proto": "https" } }),
    ).toBe("https://localhost");
    expect(origin({ ...viaProxy, protocol: "https", host: "localhost:6666", headers: { "x-forwarded-proto": "https" } })).toBe("https://localhost");
    // Not trusted (TRUST_PROXY off, or the peer is not a trusted proxy: Fastify lists only the socket's address): our port.
    expect(
      origin({ ips: ["127.0.0.1"], protocol: "http", host: "localhost:6666", headers: { "x-forwarded-host": "localhost:6666" }, socket: { localPort: 3000 } }),
    ).toBe("http://localhost:3000");
    expect(origin({ protocol: "http", host: "localhost:6666", headers: { "x-forwarded-proto": "https" } })).toBe("http://localhost:3000");
    // A forwarded foreign host is still refused.
    expect(origin({ ...viaProxy, protocol: "https", host: "attacker.example", headers: { "x-forwarded-host": "attacker.example" } })).toBe(
      "http://localhost:3000",
    );
  });

  it.each([
    ["a foreign host", "attacker.example"],
    ["a foreign host with a port", "attacker.example:3000"],
    ["an allowed name as a subdomain of a foreign one", "localhost.attacker.example"],
    ["a user-info trick", "localhost@attacker.example"],
    ["a path trick", "localhost/.attacker.example"],
    ["an empty Host", ""],
    ["a NUL byte", "localhost\u0000.attacker.example"],
  ])("answers the first allowed host on our port for %s", (_what, host) => {
    expect(dev()({ protocol: "http", host })).toBe("http://localhost:3000");
  });

  it("follows a configured allow-list", () => {
    const origin = dev({ ALLOWED_HOSTS: "learn.test, localhost" });
    expect(origin({ protocol: "http", host: "learn.test:3000" })).toBe("http://learn.test:3000");
    expect(origin({ protocol: "http", host: "127.0.0.1:3000" })).toBe("http://learn.test:3000");
  });
});

describe("configuration of links and developer tools", () => {
  it("refuses production without PUBLIC_URL, naming it on one line", () => {
    expect(() => parseConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => parseConfig({})).toThrow(/PUBLIC_URL: must be set when NODE_ENV=production/);
    expect(parseConfig({ PUBLIC_URL: "https://learn.example.org" }).PUBLIC_URL).toBe("https://learn.example.org");
  });

  it.each(["https://learn.example.org/courses", "https://learn.example.org?x=1", "ftp://learn.example.org", "learn.example.org"])(
    "refuses a PUBLIC_URL that is not an origin: %s",
    (url) => {
      expect(() => parseConfig({ NODE_ENV: "test", PUBLIC_URL: url })).toThrow(/PUBLIC_URL/);
    },
  );

  it("refuses an ALLOWED_HOSTS entry that is not a host name", () => {
    expect(() => parseConfig({ NODE_ENV: "test", ALLOWED_HOSTS: "localhost, http://evil/" })).toThrow(/ALLOWED_HOSTS/);
  });

  it("turns the developer tools on by default in development and the local demo, and by DEV_TOOLS explicitly", () => {
    expect(parseConfig({ NODE_ENV: "development" }).DEV_TOOLS).toBe(true);
    expect(parseConfig({ NODE_ENV: "test" }).DEV_TOOLS).toBe(false);
    expect(parseConfig({ NODE_ENV: "production", PUBLIC_URL: "https://x.example" }).DEV_TOOLS).toBe(false);
    expect(parseConfig({ NODE_ENV: "test", DEV_TOOLS: "true" }).DEV_TOOLS).toBe(true);
    // npm start's local demo lists its outbox; an operator may still turn it off.
    expect(parseConfig({ NODE_ENV: "test", MENTORA_DEMO: "1" }).DEV_TOOLS).toBe(true);
    expect(parseConfig({ NODE_ENV: "test", MENTORA_DEMO: "1", DEV_TOOLS: "false" }).DEV_TOOLS).toBe(false);
    expect(parseConfig({ NODE_ENV: "development", DEV_TOOLS: "false" }).DEV_TOOLS).toBe(false);
  });
});
