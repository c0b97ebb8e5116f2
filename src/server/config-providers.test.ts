import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config";

describe("provider settings in the environment", () => {
  it("defaults to Facebook's and Google's public endpoints", () => {
    const c = parseConfig({ NODE_ENV: "test" });
    expect(c.FACEBOOK_GRAPH_URL).toBe("https://graph.facebook.com/v19.0");
    expect(c.FACEBOOK_DIALOG_URL).toBe("https://www.facebook.com/v19.0/dialog/oauth");
    expect(c.GOOGLE_JWKS_URL).toBe("https://www.googleapis.com/oauth2/v3/certs");
  });

  it("allows plain http only for this machine (local stand-ins)", () => {
    expect(parseConfig({ NODE_ENV: "test", FACEBOOK_GRAPH_URL: "http://127.0.0.1:4000/v19.0" }).FACEBOOK_GRAPH_URL).toBe("http://127.0.0.1:4000/v19.0");
    expect(parseConfig({ NODE_ENV: "test", GOOGLE_JWKS_URL: "http://localhost:4000/certs" }).GOOGLE_JWKS_URL).toBe("http://localhost:4000/certs");
    for (const [name, value] of [
      ["FACEBOOK_GRAPH_URL", "http://graph.example.com/v19.0"],
      ["FACEBOOK_DIALOG_URL", "http://10.0.0.5/dialog/oauth"],
      ["GOOGLE_JWKS_URL", "ftp://127.0.0.1/certs"],
    ]) {
      expect(() => parseConfig({ [name]: value }), name).toThrow(ConfigError);
      expect(() => parseConfig({ [name]: value }), name).toThrow(name);
    }
  });

  it("wants a webhook secret of at least 32 characters", () => {
    expect(() => parseConfig({ MESSENGER_WEBHOOK_SECRET: "short" })).toThrow("MESSENGER_WEBHOOK_SECRET");
    expect(parseConfig({ NODE_ENV: "test", MESSENGER_WEBHOOK_SECRET: "x".repeat(32) }).MESSENGER_WEBHOOK_SECRET).toHaveLength(32);
  });
});
