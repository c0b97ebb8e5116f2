import { describe, expect, it } from "vitest";
import { demoDefaultRefusals, parseConfig } from "./config";

/** What `npm start` gives the server on a fresh machine (scripts/start.mjs), plus `env`. */
const npmStart = (env: Record<string, string> = {}) => ({ PUBLIC_URL: "http://localhost:3000", PAYMENTS_SANDBOX: "true", MENTORA_DEMO: "1", ...env });
const refusals = (env: Record<string, string>) => demoDefaultRefusals(parseConfig(env), env);

describe("the demo's defaults under NODE_ENV=production", () => {
  it("a plain npm start is the local demo: nothing refused", () => {
    expect(refusals(npmStart())).toEqual([]);
    // npm start with NODE_ENV=production and MENTORA_DEMO=1 asked for: a demo all the same.
    expect(refusals(npmStart({ NODE_ENV: "production" }))).toEqual([]);
  });

  it("an operator's NODE_ENV=production refuses the sandbox, the demo seed and a loopback PUBLIC_URL, one line each", () => {
    const lines = refusals(npmStart({ NODE_ENV: "production", MENTORA_DEMO: "0" }));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^PAYMENTS_SANDBOX: the sandbox checkout lets anyone pay without paying; set PAYMENTS_SANDBOX=false/);
    expect(lines[1]).toMatch(/^SEED_DEMO: the demo seed makes accounts whose password is public; set SEED_DEMO=false/);
    expect(lines[2]).toMatch(/^PUBLIC_URL: http:\/\/localhost:3000 is this machine only/);
    for (const l of lines) expect(l).not.toContain("\n");
  });

  it.each(["http://127.0.0.1:8080", "http://[::1]:3000", "http://localhost"])("refuses PUBLIC_URL %s", (url) => {
    expect(refusals({ NODE_ENV: "production", PUBLIC_URL: url, SEED_DEMO: "false" })).toEqual([expect.stringMatching(/^PUBLIC_URL: /)]);
  });

  it("accepts a real production setting", () => {
    expect(refusals({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org", SEED_DEMO: "false" })).toEqual([]);
    // The sandbox is off by default in production; asked for, it is refused.
    expect(refusals({ NODE_ENV: "production", PUBLIC_URL: "https://learn.example.org", SEED_DEMO: "false", PAYMENTS_SANDBOX: "true" })).toEqual([
      expect.stringMatching(/^PAYMENTS_SANDBOX: /),
    ]);
  });

  it("only an explicit NODE_ENV=production refuses: production by default (npm run serve) and development do not", () => {
    expect(refusals({ PUBLIC_URL: "http://localhost:3000", PAYMENTS_SANDBOX: "true" })).toEqual([]);
    expect(refusals({ NODE_ENV: "development" })).toEqual([]);
  });
});
