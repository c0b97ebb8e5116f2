import type { Readable } from "node:stream";

/** A byte range of a stored object, both ends inclusive (HTTP Range semantics). */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored object being read: its bytes (the range's, when one was asked), and the whole object's size. */
export interface StoredObject {
  body: Readable;
  size: number;
}

/** What is put: bytes in memory, or a file on disk of a known size (large uploads are never held in memory). */
export type PutBody = { bytes: Buffer } | { path: string; size: number };

/**
 * Where media files live (docs/decisions/0051): a local directory by default, an S3-compatible bucket
 * when configured. Keys are flat names made by the media service (`<sha256>[-<width>].<ext>`), never
 * from user input.
 */
export interface MediaStorage {
  readonly name: "local" | "s3";
  put(key: string, body: PutBody, mime: string): Promise<void>;
  /** null when there is no such object. */
  get(key: string, range?: ByteRange): Promise<StoredObject | null>;
  /** The object's size, or null when there is none. */
  head(key: string): Promise<number | null>;
  /** Removing a missing object is not an error. */
  delete(key: string): Promise<void>;
}

/** The only keys a driver takes: guards against a path or a bucket prefix sneaking in. */
export const STORAGE_KEY = /^[0-9a-f]{64}(-[0-9]{1,5})?\.[a-z0-9]{2,5}$/;

export function assertKey(key: string): void {
  if (!STORAGE_KEY.test(key)) throw new Error(`Not a media storage key: ${JSON.stringify(key)}`);
}
