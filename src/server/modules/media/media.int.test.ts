import { mkdtempSync, readdirSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, expect, it } from "vitest";
import { rmSync } from "node:fs";
import { describeEachDatabase } from "../../../../tests/setup/databases";
import { Browser, expectError, json } from "../../../../tests/support/http";
import { learner, sessionBrowser } from "../../../../tests/support/sign-in";
import { MEDIA_LIMITS, type TMedia, type TMediaPage } from "../../../domain/media";
import { auditLog } from "../../db/schema/audit";
import { courses } from "../../db/schema/courses";
import { media } from "../../db/schema/media";
import { upsertPortal } from "../../db/seed/factories";

const origin = { origin: "http://localhost" };
const mediaDir = mkdtempSync(path.join(tmpdir(), "mentora-media-test-"));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));

/** Every stored file under the media directory (all sub-folders). */
const storedFiles = () => {
  try {
    return readdirSync(mediaDir, { recursive: true, withFileTypes: true })
      .filter((d) => d.isFile())
      .map((d) => d.name);
  } catch {
    return [];
  }
};

const bytes = {
  mp3: Buffer.concat([Buffer.from("ID3\x04\x00\x00\x00\x00\x00\x00", "latin1"), Buffer.alloc(64, 0x11)]),
  ogg: Buffer.concat([Buffer.from("OggS\x00\x02", "latin1"), Buffer.alloc(64, 0x01)]),
  wav: Buffer.concat([Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1"), Buffer.alloc(64, 0x02)]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypisom\x00\x00\x02\x00isomiso2", "latin1"), Buffer.alloc(64, 0x03)]),
  webm: Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(64, 0x04)]),
  pdf: Buffer.from("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n", "latin1"),
  txt: Buffer.from("Notes for the lesson.\nSecond line, with ünïcödé.\n", "utf8"),
};
const png = (width: number, height: number, color = { r: 200, g: 30, b: 60 }) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
const jpegWithExif = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: "SECRET-OWNER", Artist: "Secret Artist" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 0/1 0/1" } })
    .toBuffer();

describeEachDatabase(
  "media: uploads by content type and size, image variants, library, unused and delete",
  (t) => {
    const withRole = (roles: string[]) => learner(t.app, t.db, { roles });
    const upload = (browser: Browser, name: string, body: Buffer, headers: Record<string, string> = {}) =>
      browser.request({
        method: "POST",
        url: "/api/admin/media",
        payload: body,
        headers: { ...origin, "content-type": "application/octet-stream", "x-file-name": encodeURIComponent(name), ...headers },
      });
    const uploaded = async (browser: Browser, name: string, body: Buffer, status = 201) =>
      json<{ media: TMedia; created: boolean }>(await upload(browser, name, body), status).media;
    const rowCount = async () => (await t.db.select().from(media)).length;

    it("takes each kind by its bytes and serves it back with its type, nosniff and immutable caching", async () => {
      const author = await withRole(["admin"]);
      const cases: Array<[string, Buffer, string, string]> = [
        ["song.mp3", bytes.mp3, "audio", "audio/mpeg"],
        ["voice.ogg", bytes.ogg, "audio", "audio/ogg"],
        ["voice.wav", bytes.wav, "audio", "audio/wav"],
        ["clip.mp4", bytes.mp4, "video", "video/mp4"],
        ["clip.webm", bytes.webm, "video", "video/webm"],
        ["guide.pdf", bytes.pdf, "file", "application/pdf"],
        ["notes.txt", bytes.txt, "file", "text/plain"],
        ["pixel.png", await png(40, 30), "image", "image/png"],
      ];
      for (const [name, body, kind, mime] of cases) {
        const m = await uploaded(author.browser, name, body);
        expect(m, name).toMatchObject({ kind, mime, name, usedBy: 0 });
        const res = await t.app.inject({ method: "GET", url: m.url });
        expect(res.statusCode, name).toBe(200);
        expect(res.headers["content-type"]).toContain(mime);
        expect(res.headers["x-content-type-options"]).toBe("nosniff");
        expect(res.headers["cache-control"]).toContain("immutable");
        if (kind === "file") expect(res.headers["content-disposition"]).toContain(`attachment; filename="${name}"`);
        else expect(res.headers["content-disposition"]).toBeUndefined();
        if (kind !== "image") expect(res.rawPayload.equals(body)).toBe(true);
      }
      const head = await t.app.inject({ method: "HEAD", url: `/media/${(await uploaded(author.browser, "song.mp3", bytes.mp3, 200)).url.slice(7)}` });
      expect(head.statusCode).toBe(200);
      expect(head.headers["content-length"]).toBe(String(bytes.mp3.length));
      expect(head.body).toBe("");
      // Range for audio and video.
      const song = (await uploaded(author.browser, "song.mp3", bytes.mp3, 200)).url;
      const part = await t.app.inject({ method: "GET", url: song, headers: { range: "bytes=0-2" } });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-range"]).toBe(`bytes 0-2/${bytes.mp3.length}`);
      expect(part.body).toBe("ID3");
      expect((await t.app.inject({ method: "GET", url: song, headers: { range: "bytes=9999-" } })).statusCode).toBe(416);
      // Unknown and malformed keys.
      expect((await t.app.inject({ method: "GET", url: `/media/${"a".repeat(64)}.png` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/media/..%2F..%2Fetc%2Fpasswd" })).statusCode).toBe(404);
    });

    it("refuses a lying extension or unknown content with 415 and stores nothing", async () => {
      const author = await withRole(["mp-admin"]);
      const rows = await rowCount();
      const files = storedFiles().length;
      expectError(await upload(author.browser, "song.mp3", await png(10, 10)), 415, "MEDIA-TYPE-MISMATCH");
      expectError(await upload(author.browser, "photo.jpg", bytes.txt), 415, "MEDIA-TYPE-MISMATCH");
      expectError(await upload(author.browser, "setup.exe", bytes.pdf), 415, "MEDIA-TYPE-MISMATCH");
      expectError(
        await upload(author.browser, "logo.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
        415,
        "MEDIA-TYPE-UNSUPPORTED",
      );
      expectError(await upload(author.browser, "page.txt", Buffer.from("<!DOCTYPE html><html><script>x</script></html>")), 415, "MEDIA-TYPE-UNSUPPORTED");
      expectError(await upload(author.browser, "blob.bin", Buffer.from([0x00, 0x01, 0x02, 0xfe, 0xff, 0x00])), 415, "MEDIA-TYPE-UNSUPPORTED");
      expectError(await upload(author.browser, "empty.txt", Buffer.alloc(0)), 415, "MEDIA-TYPE-UNSUPPORTED");
      // PNG magic with garbage after it: sharp cannot decode it.
      expectError(
        await upload(author.browser, "broken.png", Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100, 7)])),
        415,
        "MEDIA-TYPE-UNSUPPORTED",
      );
      expect(await rowCount()).toBe(rows);
      expect(storedFiles().length).toBe(files);
    });

    it("refuses an upload over its kind's limit with 413: no row, no file", async () => {
      const author = await withRole(["admin"]);
      const rows = await rowCount();
      const files = storedFiles();
      const big = Buffer.concat([await png(10, 10), Buffer.alloc(MEDIA_LIMITS.image + 1 - (await png(10, 10)).length, 0)]);
      const err = expectError(await upload(author.browser, "huge.png", big), 413, "MEDIA-TOO-LARGE");
      expect(err.details).toMatchObject({ kind: "image", limit: MEDIA_LIMITS.image });
      expect(await rowCount()).toBe(rows);
      expect(storedFiles()).toEqual(files);
    });

    it("answers 413 over a real connection while the client is still sending, and closes it", async () => {
      const author = await withRole(["admin"]);
      const app = await t.buildApp({ MEDIA_DIR: mediaDir });
      await app.listen({ host: "127.0.0.1", port: 0 });
      const { port } = app.server.address() as AddressInfo;
      const rows = await rowCount();
      let sent = 0;
      const reply = await new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
        const req = httpRequest({
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/admin/media",
          headers: {
            ...origin,
            host: "localhost",
            cookie: Object.entries(author.browser.jar)
              .map(([k, v]) => `${k}=${v}`)
              .join("; "),
            "content-type": "application/octet-stream",
            "x-file-name": "endless.pdf",
            "transfer-encoding": "chunked",
          },
        });
        req.on("response", (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (body += c));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
        });
        req.on("error", (e) => (sent > MEDIA_LIMITS.file ? undefined : reject(e)));
        const chunk = Buffer.alloc(256 * 1024, 0x20);
        req.write(Buffer.from("%PDF-1.4\n"));
        const pump = () => {
          while (sent < 3 * MEDIA_LIMITS.file && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          req.end();
        };
        pump();
      });
      expect(reply.status).toBe(413);
      expect(JSON.parse(reply.body).error.code).toBe("MEDIA-TOO-LARGE");
      expect(reply.connection).toBe("close");
      expect(sent).toBeLessThan(3 * MEDIA_LIMITS.file);
      expect(await rowCount()).toBe(rows);
    });

    it("makes narrower WebP and original-format variants of an image, never upscaled, and strips EXIF and GPS", async () => {
      const author = await withRole(["admin"]);
      const wide = await uploaded(author.browser, "wide.png", await png(2000, 1000));
      expect(wide).toMatchObject({ width: 2000, height: 1000 });
      expect(wide.variants.map((v) => `${v.width}:${v.mime}`).sort()).toEqual(
        ["1280:image/png", "1280:image/webp", "1920:image/png", "1920:image/webp", "320:image/png", "320:image/webp", "640:image/png", "640:image/webp"].sort(),
      );
      for (const v of wide.variants) {
        const res = await t.app.inject({ method: "GET", url: v.url });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-type"]).toBe(v.mime);
        const meta = await sharp(res.rawPayload).metadata();
        expect(meta.width).toBe(v.width);
        expect(meta.height).toBe(v.width / 2);
      }
      const small = await uploaded(author.browser, "small.png", await png(300, 200, { r: 1, g: 2, b: 3 }));
      expect(small.variants).toEqual([]);

      const original = await jpegWithExif();
      expect(original.includes("SECRET-OWNER")).toBe(true);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const photo = await uploaded(author.browser, "photo.JPG", original);
      const stored = (await t.app.inject({ method: "GET", url: photo.url })).rawPayload;
      const meta = await sharp(stored).metadata();
      expect(meta.exif).toBeUndefined();
      expect(stored.includes("SECRET-OWNER")).toBe(false);
      expect(stored.includes("Secret Artist")).toBe(false);
      expect(photo.variants.map((v) => v.width)).toEqual([320, 320, 640, 640]);
    });

    it("stores the same bytes once: the second upload answers 200 with the first row", async () => {
      const author = await withRole(["admin"]);
      const body = await png(50, 50, { r: 9, g: 9, b: 9 });
      const first = await uploaded(author.browser, "same.png", body);
      const files = storedFiles().length;
      const again = json<{ media: TMedia; created: boolean }>(await upload(author.browser, "other-name.png", body), 200);
      expect(again.created).toBe(false);
      expect(again.media.id).toBe(first.id);
      expect(storedFiles().length).toBe(files);
    });

    it("keeps only the last segment of a traversing name, and refuses NUL bytes, a missing name and a bad encoding", async () => {
      const author = await withRole(["admin"]);
      const m = await uploaded(author.browser, "../../x.png", await png(12, 12, { r: 4, g: 4, b: 4 }));
      expect(m.name).toBe("x.png");
      expect(m.url).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
      expect(storedFiles().every((f) => !f.includes(".."))).toBe(true);
      const rows = await rowCount();
      expectError(await upload(author.browser, "a\u0000.txt", bytes.txt), 400, "VALIDATION");
      expectError(await upload(author.browser, "x.txt", bytes.txt, { "x-file-name": "%E0%A4%A" }), 400, "VALIDATION");
      const noName = await author.browser.request({
        method: "POST",
        url: "/api/admin/media",
        payload: bytes.txt,
        headers: { ...origin, "content-type": "text/plain" },
      });
      expectError(noName, 400, "VALIDATION");
      const unknownQuery = await author.browser.request({
        method: "POST",
        url: "/api/admin/media?as=admin",
        payload: Buffer.from("unknown query\n"),
        headers: { ...origin, "x-file-name": "q.txt" },
      });
      expectError(unknownQuery, 400, "VALIDATION");
      expectError(await author.browser.get("/api/admin/media/unused?all=1"), 400, "VALIDATION");
      expect(await rowCount()).toBe(rows);
    });

    it("pages through files uploaded in the same instant without skipping or repeating one", async () => {
      const author = await withRole(["admin"]);
      const at = new Date("2001-02-03T04:05:06.789Z");
      const ids = ["a", "b", "c"].map((n) => `md-00000000-0000-4000-8000-00000000000${n}`);
      for (const [i, id] of ids.entries()) {
        const sha = String(i + 1).repeat(64);
        await t.db.insert(media).values({
          id,
          portalId: t.config.PORTAL_ID,
          sha256: sha,
          kind: "file",
          mime: "text/plain",
          name: `tie-${i}.txt`,
          key: `${sha}.txt`,
          size: 1,
          createdBy: "x",
          createdAt: at,
        });
      }
      const seen: string[] = [];
      let before: string | null = null;
      for (let n = 0; n < 5; n++) {
        const page: TMediaPage = json<TMediaPage>(await author.browser.get(`/api/admin/media?q=tie-&limit=1${before ? `&before=${before}` : ""}`));
        seen.push(...page.media.map((m) => m.id));
        before = page.nextBefore;
        if (!before) break;
      }
      expect(seen).toEqual([...ids].reverse());
    });

    it("keeps each portal's library to itself: another portal's file is neither listed nor deleted (404)", async () => {
      const author = await withRole(["admin"]);
      await upsertPortal(t.db, { id: "lp-media-other" });
      const id = "md-11111111-2222-4333-8444-555555555555";
      await t.db.insert(media).values({
        id,
        portalId: "lp-media-other",
        sha256: "e".repeat(64),
        kind: "file",
        mime: "text/plain",
        name: "theirs.txt",
        key: `${"e".repeat(64)}.txt`,
        size: 5,
        createdBy: "someone",
      });
      expect(json<TMediaPage>(await author.browser.get("/api/admin/media?limit=100")).media.map((m) => m.id)).not.toContain(id);
      expect(json<{ media: TMedia[] }>(await author.browser.get("/api/admin/media/unused")).media.map((m) => m.id)).not.toContain(id);
      expectError(await author.browser.request({ method: "DELETE", url: `/api/admin/media/${id}`, headers: origin }), 404, "NOT-FOUND");
      expect((await t.db.select().from(media).where(eq(media.id, id))).length).toBe(1);
    });

    it("refuses every media route to a learner, a mentor, a session user (403), a guest (401) and another origin (403); writes nothing", async () => {
      const author = await withRole(["admin"]);
      const target = await uploaded(author.browser, "guarded.txt", Buffer.from("guarded file\n"));
      const rows = await rowCount();
      const audits = (await t.db.select().from(auditLog)).length;
      const refused = [await withRole(["disciple"]), await withRole(["disciple", "mentor"]), { browser: (await sessionBrowser(t.app)).browser }];
      const calls = (b: Browser) => [
        () => upload(b, "intruder.txt", Buffer.from("intruder\n")),
        () => b.get("/api/admin/media"),
        () => b.get("/api/admin/media/unused"),
        () => b.request({ method: "DELETE", url: `/api/admin/media/${target.id}`, headers: origin }),
      ];
      for (const { browser } of refused) for (const call of calls(browser)) expectError(await call(), 403, "AUTHORS-ONLY");
      for (const call of calls(new Browser(t.app))) expectError(await call(), 401, "UNAUTHORIZED");
      expectError(await upload(author.browser, "x.txt", Buffer.from("cross site\n"), { origin: "https://evil.example" }), 403, "BAD-ORIGIN");
      expectError(
        await author.browser.request({ method: "DELETE", url: `/api/admin/media/${target.id}`, headers: { origin: "https://evil.example" } }),
        403,
        "BAD-ORIGIN",
      );
      expect(await rowCount()).toBe(rows);
      expect((await t.db.select().from(auditLog)).length).toBe(audits);
    });

    it("lists the library newest first with filters, lists unused media, refuses to delete what is in use and deletes the rest with its files", async () => {
      const author = await withRole(["admin"]);
      const cover = await uploaded(author.browser, "cover-art.png", await png(700, 400, { r: 77, g: 1, b: 1 }));
      const loose = await uploaded(author.browser, "loose-handout.pdf", Buffer.concat([bytes.pdf, Buffer.from("loose")]));
      const [course] = await t.db.select().from(courses).limit(1);
      await t.db.update(courses).set({ cover: cover.variants[0]!.url }).where(eq(courses.id, course!.id));

      const page = json<TMediaPage>(await author.browser.get("/api/admin/media?limit=2"));
      expect(page.media.map((m) => m.id)).toEqual([loose.id, cover.id]);
      expect(page.media[1]!.usedBy).toBe(1);
      expect(page.nextBefore).toBe(cover.id);
      const next = json<TMediaPage>(await author.browser.get(`/api/admin/media?limit=100&before=${encodeURIComponent(page.nextBefore!)}`));
      expect(next.media.map((m) => m.id)).not.toContain(cover.id);
      expect(json<TMediaPage>(await author.browser.get("/api/admin/media?kind=file&q=HANDOUT")).media.map((m) => m.id)).toEqual([loose.id]);
      expect(json<TMediaPage>(await author.browser.get("/api/admin/media?q=%25")).media).toEqual([]);
      expectError(await author.browser.get("/api/admin/media?kind=virus"), 400, "VALIDATION");
      expectError(await author.browser.get("/api/admin/media?extra=1"), 400, "VALIDATION");
      expectError(await author.browser.get("/api/admin/media?q=a%00b"), 400, "VALIDATION");

      const unused = json<{ media: TMedia[] }>(await author.browser.get("/api/admin/media/unused")).media.map((m) => m.id);
      expect(unused).toContain(loose.id);
      expect(unused).not.toContain(cover.id);

      const del = (id: string, url = `/api/admin/media/${id}`) => author.browser.request({ method: "DELETE", url, headers: origin });
      const inUse = expectError(await del(cover.id), 409, "MEDIA-IN-USE");
      expect(inUse.details).toEqual({ usedBy: [{ source: "courses", count: 1 }] });
      expectError(await del(cover.id, `/api/admin/media/${cover.id}?force=true`), 400, "VALIDATION");
      expect((await t.app.inject({ method: "GET", url: cover.url })).statusCode).toBe(200);

      expectError(await del("md-00000000-0000-4000-8000-000000000000"), 404, "NOT-FOUND");
      expectError(await del("not-an-id"), 400, "VALIDATION");

      expect((await del(loose.id)).statusCode).toBe(204);
      expect((await t.app.inject({ method: "GET", url: loose.url })).statusCode).toBe(404);
      expect(storedFiles().some((f) => loose.url.endsWith(f))).toBe(false);
      expectError(await del(loose.id), 404, "NOT-FOUND");

      await t.db.update(courses).set({ cover: null }).where(eq(courses.id, course!.id));
      expect((await del(cover.id)).statusCode).toBe(204);
      for (const url of [cover.url, ...cover.variants.map((v) => v.url)]) expect(storedFiles().some((f) => url.endsWith(f))).toBe(false);
      const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityType, "media")))
        .filter((a) => [cover.id, loose.id].includes(a.entityId))
        .map((a) => a.action);
      expect(actions.sort()).toEqual(["media.delete", "media.delete", "media.upload", "media.upload"]);
    });

    it("counts a cover set for one language only (ar) as a use: never listed unused nor deleted until the author clears it (decision 0062)", async () => {
      const author = await withRole(["admin"]);
      const arCover = await uploaded(author.browser, "ar-cover.png", await png(640, 360, { r: 3, g: 140, b: 90 }));
      json(await author.browser.post("/api/admin/courses", { id: "ar-covered", title: { tr: "Kapak" }, published: true }, origin), 201);
      json(await author.browser.patch("/api/admin/courses/ar-covered", { covers: { ar: arCover.variants[0]!.url } }, origin));
      const [row] = await t.db.select({ cover: courses.cover, covers: courses.covers }).from(courses).where(eq(courses.id, "ar-covered"));
      expect(row).toEqual({ cover: null, covers: { ar: arCover.variants[0]!.url } });

      const unusedIds = async () => json<{ media: TMedia[] }>(await author.browser.get("/api/admin/media/unused")).media.map((m) => m.id);
      expect(await unusedIds()).not.toContain(arCover.id);
      const listed = json<TMediaPage>(await author.browser.get("/api/admin/media?limit=100")).media.find((m) => m.id === arCover.id);
      expect(listed?.usedBy).toBe(1);
      const del = () => author.browser.request({ method: "DELETE", url: `/api/admin/media/${arCover.id}`, headers: origin });
      expect(expectError(await del(), 409, "MEDIA-IN-USE").details).toEqual({ usedBy: [{ source: "courses", count: 1 }] });
      expect((await t.app.inject({ method: "GET", url: arCover.url })).statusCode).toBe(200);

      json(await author.browser.patch("/api/admin/courses/ar-covered", { covers: { ar: null } }, origin));
      expect(await unusedIds()).toContain(arCover.id);
      expect((await del()).statusCode).toBe(204);
    });
  },
  { env: { MEDIA_DIR: mediaDir } },
);
