import { createReadStream } from "node:fs";
import { copyFile, mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertKey, type ByteRange, type MediaStorage, type PutBody } from "./storage";

/**
 * Media in a local directory (default `<DATA_DIR>/media`), spread over 256 sub-folders by the key's
 * first two characters. Writes go to a temporary name first and are renamed into place, so a reader
 * never sees half a file.
 */
export function createLocalStorage(dir: string): MediaStorage {
  const root = path.resolve(dir);
  const fileOf = (key: string) => {
    assertKey(key);
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    name: "local",
    async put(key: string, body: PutBody) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      if ("bytes" in body) await writeFile(tmp, body.bytes);
      else await copyFile(body.path, tmp);
      await rename(tmp, file);
    },
    async get(key: string, range?: ByteRange) {
      const size = await this.head(key);
      if (size === null) return null;
      return { size, body: createReadStream(fileOf(key), range ? { start: range.start, end: range.end } : {}) };
    },
    async head(key: string) {
      try {
        const s = await stat(fileOf(key));
        return s.isFile() ? s.size : null;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw e;
      }
    },
    async delete(key: string) {
      await rm(fileOf(key), { force: true });
    },
  };
}
