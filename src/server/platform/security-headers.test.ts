import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, customScriptOrigins } from "./security-headers";

describe("the pages' Content-Security-Policy", () => {
  it("allows custom script hosts only while custom scripts are on, https only", () => {
    const customScripts = [
      { src: "https://stats.example.com/s.js?v=1" },
      { src: "https://stats.example.com/other.js" },
      { src: "http://plain.example.com/x.js" },
      { src: "/local.js" },
      { src: "not a url" },
      {},
    ];
    expect(customScriptOrigins({ enabledCustomScripts: false, customScripts })).toEqual([]);
    expect(customScriptOrigins({ enabledCustomScripts: true, customScripts })).toEqual(["https://stats.example.com"]);
  });

  it("names the nonce, the providers and the custom hosts in script-src, and opens connect-src for custom scripts", () => {
    const plain = contentSecurityPolicy("abc", []);
    expect(plain).toContain("script-src 'self' 'nonce-abc' https://accounts.google.com https://telegram.org;");
    expect(plain).toContain("connect-src 'self' https://accounts.google.com https://telegram.org;");
    const custom = contentSecurityPolicy("abc", ["https://stats.example.com"]);
    expect(custom).toContain("script-src 'self' 'nonce-abc' https://accounts.google.com https://telegram.org https://stats.example.com;");
    expect(custom).toContain("connect-src 'self' https://accounts.google.com https://telegram.org https:;");
  });
});
