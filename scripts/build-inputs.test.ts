import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { inputDigest, staleReason, writeStamp } from "./build-inputs.mjs";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A checkout with a few inputs and a complete build of them. */
function checkout() {
  const root = mkdtempSync(path.join(tmpdir(), "mentora-fresh-"));
  roots.push(root);
  const write = (rel: string, text = rel) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  for (const f of [
    "src/server/start.ts",
    "src/web/root.tsx",
    "locales/en/common.json",
    "public/favicon.svg",
    "package.json",
    "package-lock.json",
    "vite.config.ts",
  ]) {
    write(f);
  }
  for (const f of ["build/server-app/start.js", "build/server/index.js", "build/client/app.js"]) write(f);
  const buildDir = path.join(root, "build");
  writeStamp(buildDir, inputDigest(root));
  return { root, buildDir, write };
}

/** Sets a file's mtime a little later, as an editor saving it would. */
function touch(file: string) {
  const later = new Date(Date.now() + 5_000);
  utimesSync(file, later, later);
}

describe("build freshness (npm start builds only when needed)", () => {
  it("a build stamped with its inputs' digest is fresh", () => {
    const { root, buildDir } = checkout();
    expect(staleReason(buildDir, inputDigest(root))).toBeNull();
  });

  it.each(["src/server/start.ts", "locales/en/common.json", "public/favicon.svg", "package-lock.json", "vite.config.ts"])(
    "an edit of %s makes it stale",
    (file) => {
      const { root, buildDir } = checkout();
      touch(path.join(root, file));
      expect(staleReason(buildDir, inputDigest(root))).toBe("sources changed since the last build");
    },
  );

  it("a new or a deleted source makes it stale", () => {
    const a = checkout();
    a.write("src/web/routes/new.tsx");
    expect(staleReason(a.buildDir, inputDigest(a.root))).not.toBeNull();
    const b = checkout();
    rmSync(path.join(b.root, "src/web/root.tsx"));
    expect(staleReason(b.buildDir, inputDigest(b.root))).not.toBeNull();
  });

  it("a test file is no input", () => {
    const { root, buildDir, write } = checkout();
    write("src/server/start.int.test.ts");
    write("src/web/root.test.tsx");
    expect(staleReason(buildDir, inputDigest(root))).toBeNull();
  });

  it("a missing build, a missing part of one, or one without a stamp is built", () => {
    const a = checkout();
    rmSync(path.join(a.buildDir, "server-app"), { recursive: true });
    expect(staleReason(a.buildDir, inputDigest(a.root))).toBe("no build yet");
    const b = checkout();
    rmSync(path.join(b.buildDir, "client"), { recursive: true });
    expect(staleReason(b.buildDir, inputDigest(b.root))).toBe("no build yet");
    const c = checkout();
    rmSync(path.join(c.buildDir, ".mentora-build-stamp.json"));
    expect(staleReason(c.buildDir, inputDigest(c.root))).toBe("the build has no stamp");
  });

  it("a stamp written with the digest taken before the build stays stale for an edit made during it", () => {
    const { root, buildDir } = checkout();
    const before = inputDigest(root);
    touch(path.join(root, "src/server/start.ts"));
    writeStamp(buildDir, before);
    expect(staleReason(buildDir, inputDigest(root))).not.toBeNull();
  });
});
