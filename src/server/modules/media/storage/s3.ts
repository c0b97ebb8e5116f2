import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { assertKey, type ByteRange, type MediaStorage, type PutBody } from "./storage";

export interface S3StorageOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

const missing = (e: unknown) =>
  e instanceof S3ServiceException ? e.$metadata.httpStatusCode === 404 || e.name === "NoSuchKey" || e.name === "NotFound" : false;

/**
 * Media in an S3-compatible bucket (AWS S3, MinIO, R2, ...), signed with SigV4 by the AWS SDK.
 * Checksums only when the operation requires them: several S3-compatible stores do not take the SDK's
 * default CRC trailers (aws-chunked uploads).
 */
export function createS3Storage(o: S3StorageOptions): MediaStorage {
  const client = new S3Client({
    endpoint: o.endpoint,
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    credentials: { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 2,
  });
  const Bucket = o.bucket;
  return {
    name: "s3",
    async put(key: string, body: PutBody, mime: string) {
      assertKey(key);
      const Body = "bytes" in body ? body.bytes : createReadStream(body.path);
      const ContentLength = "bytes" in body ? body.bytes.length : body.size;
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body, ContentLength, ContentType: mime }));
    },
    async get(key: string, range?: ByteRange) {
      assertKey(key);
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }));
        const total = out.ContentRange ? Number(out.ContentRange.split("/")[1]) : (out.ContentLength ?? 0);
        return { size: total, body: out.Body as Readable };
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async head(key: string) {
      assertKey(key);
      try {
        return (await client.send(new HeadObjectCommand({ Bucket, Key: key }))).ContentLength ?? 0;
      } catch (e) {
        if (missing(e)) return null;
        throw e;
      }
    },
    async delete(key: string) {
      assertKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
