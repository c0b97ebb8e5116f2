import { copyFile, mkdir, readdir, rename, stat } from "node:fs/promises";
import path from "node:path";
import { STORAGE_KEY } from "../modules/media/storage/storage";

/** Stored media files under a local media directory (`<xx>/<key>`, as modules/media/storage/local.ts writes them). */
export async function listMediaFiles(dir: string): Promise<Array<{ rel: string; bytes: number }>> {
  const out: Array<{ rel: string; bytes: number }> = [];
  let shards: string[];
  try {
    shards = await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return out;
    throw e;
  }
  for (const shard of shards.sort()) {
    if (!/^[0-9a-f]{2}$/.test(shard)) continue;
    for (const name of (await readdir(path.join(dir, shard))).sort()) {
      // Half-written uploads (`.tmp`) and anything that is no storage key are not media.
      if (!STORAGE_KEY.test(name) || !name.startsWith(shard)) continue;
      const s = await stat(path.join(dir, shard, name));
      if (s.isFile()) out.push({ rel: path.join(shard, name), bytes: s.size });
    }
  }
  return out;
}

/** Copies the files of `from` into `to`, each through a temporary name, so a reader never sees half a file. */
export async function copyMediaFiles(from: string, to: string): Promise<{ files: number; bytes: number }> {
  const files = await listMediaFiles(from);
  for (const f of files) {
    const dest = path.join(to, f.rel);
    await mkdir(path.dirname(dest), { recursive: true });
    const tmp = `${dest}.${process.pid}.restore.tmp`;
    await copyFile(path.join(from, f.rel), tmp);
    await rename(tmp, dest);
  }
  return { files: files.length, bytes: files.reduce((n, f) => n + f.bytes, 0) };
}
