import { afterEach, describe, expect, it, vi } from "vitest";
import { ACCESS_TTL_SECONDS, createAccessTokens } from "./tokens";

const secret = new TextEncoder().encode("a test signing secret of enough length!!");
const claims = { sub: "usr-1", sid: "ses-1" };

afterEach(() => vi.useRealTimers());

describe("access tokens", () => {
  it("verify to their claims, again and again (the second time from the verified-token cache)", async () => {
    const tokens = createAccessTokens(secret, "mentora:test");
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
  });

  it("refuse a token whose signature or payload was changed, though its original was verified", async () => {
    const tokens = createAccessTokens(secret, "mentora:test");
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const [header, payload, signature] = token.split(".");
    const flipped = signature[0] === "A" ? `B${signature.slice(1)}` : `A${signature.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, "base64url").toString()), sub: "usr-admin" })).toString("base64url");
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it("refuse a verified token once it has expired", async () => {
    vi.useFakeTimers({ now: new Date("2026-01-05T10:00:00Z"), toFake: ["Date"] });
    const tokens = createAccessTokens(secret, "mentora:test");
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date(Date.now() + (ACCESS_TTL_SECONDS + 1) * 1000));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });

  it("refuse tokens of another secret or issuer", async () => {
    const token = await createAccessTokens(secret, "mentora:test").sign(claims);
    expect(await createAccessTokens(new TextEncoder().encode("another secret of enough length, too!!"), "mentora:test").verify(token)).toBeNull();
    expect(await createAccessTokens(secret, "mentora:other").verify(token)).toBeNull();
  });
});
