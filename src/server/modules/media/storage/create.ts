import path from "node:path";
import type { Config } from "../../../config";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { MediaStorage } from "./storage";

/** The configured media storage: S3-compatible when MEDIA_S3_BUCKET is set, else `MEDIA_DIR` or `<DATA_DIR>/media`. */
export function createMediaStorage(config: Config): MediaStorage {
  if (config.MEDIA_S3_BUCKET) {
    return createS3Storage({
      endpoint: config.MEDIA_S3_ENDPOINT,
      bucket: config.MEDIA_S3_BUCKET,
      region: config.MEDIA_S3_REGION,
      accessKeyId: config.MEDIA_S3_ACCESS_KEY_ID!,
      secretAccessKey: config.MEDIA_S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.MEDIA_S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalStorage(config.MEDIA_DIR ?? path.join(config.DATA_DIR, "media"));
}
