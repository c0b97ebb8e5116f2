import { writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { text } from "node:stream/consumers";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, json } from "../../../../tests/support/http";
import { register } from "../../../../tests/support/sign-in";
import { startS3StandIn, type S3StandIn } from "../../../../tests/support/s3-stand-in";
import type { TMedia } from "../../../domain/media";
import { users } from "../../db/schema/users";
import { createS3Storage } from "./storage/s3";

const key = (n: number, ext = "bin") => `${String(n).repeat(64).slice(0, 64)}.${ext}`;

describe("media storage: the S3 driver against a SigV4-checking stand-in", () => {
  let s3: S3StandIn;
  const dir = mkdtempSync(path.join(tmpdir(), "mentora-s3-test-"));
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(async () => {
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const driver = (secretAccessKey = s3.secretAccessKey) =>
    createS3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, region: s3.region, accessKeyId: s3.accessKeyId, secretAccessKey, forcePathStyle: true });

  it("puts bytes and files, reads them whole and by range, heads and deletes them, all signed", async () => {
    const storage = driver();
    await storage.put(key(1, "txt"), { bytes: Buffer.from("hello from memory") }, "text/plain");
    const file = path.join(dir, "upload");
    writeFileSync(file, "hello from a file on disk");
    await storage.put(key(2, "txt"), { path: file, size: 25 }, "text/plain");
    expect(s3.objects.get(key(1, "txt"))).toMatchObject({ contentType: "text/plain" });
    expect(await storage.head(key(1, "txt"))).toBe(17);
    const whole = await storage.get(key(2, "txt"));
    expect(whole!.size).toBe(25);
    expect(await text(whole!.body)).toBe("hello from a file on disk");
    const part = await storage.get(key(2, "txt"), { start: 6, end: 9 });
    expect(part!.size).toBe(25);
    expect(await text(part!.body)).toBe("from");
    await storage.delete(key(1, "txt"));
    expect(await storage.head(key(1, "txt"))).toBeNull();
    expect(await storage.get(key(1, "txt"))).toBeNull();
    expect(s3.refused).toBe(0);
  });

  it("is refused with a wrong secret: nothing is stored", async () => {
    const before = s3.refused;
    await expect(driver("not-the-secret").put(key(3), { bytes: Buffer.from("x") }, "application/octet-stream")).rejects.toMatchObject({
      name: "SignatureDoesNotMatch",
    });
    expect(s3.objects.has(key(3))).toBe(false);
    expect(s3.refused).toBeGreaterThan(before);
  });

  it("never takes a key that is not a media key", async () => {
    await expect(driver().put("../escape.txt", { bytes: Buffer.from("x") }, "text/plain")).rejects.toThrow(/Not a media storage key/);
  });
});

describeEachDatabase("media: uploads stored in S3-compatible storage when configured", (t) => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await startS3StandIn();
  });
  afterAll(() => s3.close());

  it("uploads an image with its variants to the bucket, serves them from it and deletes them there", async () => {
    const app = await t.buildApp({
      MEDIA_S3_ENDPOINT: s3.endpoint,
      MEDIA_S3_BUCKET: s3.bucket,
      MEDIA_S3_REGION: s3.region,
      MEDIA_S3_ACCESS_KEY_ID: s3.accessKeyId,
      MEDIA_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      MEDIA_S3_FORCE_PATH_STYLE: "true",
    });
    const browser = new Browser(app);
    const r = await register(app, {}, browser);
    await t.db
      .update(users)
      .set({ roles: ["admin"] })
      .where(eq(users.id, r.userId));
    const png = await sharp({ create: { width: 700, height: 350, channels: 3, background: { r: 5, g: 50, b: 150 } } })
      .png()
      .toBuffer();
    const res = await browser.request({
      method: "POST",
      url: "/api/admin/media",
      payload: png,
      headers: { origin: "http://localhost", "content-type": "image/png", "x-file-name": "bucket.png" },
    });
    const { media } = json<{ media: TMedia }>(res, 201);
    const keys = [media.url, ...media.variants.map((v) => v.url)].map((u) => u.replace("/media/", ""));
    expect(keys).toHaveLength(5);
    for (const k of keys) expect(s3.objects.has(k), k).toBe(true);
    const served = await app.inject({ method: "GET", url: media.variants[0]!.url });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).width).toBe(320);
    expect((await browser.request({ method: "DELETE", url: `/api/admin/media/${media.id}`, headers: { origin: "http://localhost" } })).statusCode).toBe(204);
    for (const k of keys) expect(s3.objects.has(k), k).toBe(false);
    expect(s3.refused).toBe(0);
  });
});
