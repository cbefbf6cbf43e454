// The S3 blob store (@aws-sdk/client-s3 v3): objects under <prefix><key> in one bucket. A write streams to a
// temporary object (a multipart upload through @aws-sdk/lib-storage, so memory stays at a few parts) and is then
// copied to its key and the temporary object deleted: a reader never sees a partial object.
import { randomUUID } from 'node:crypto';
import { once as eventOnce } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertBlobKey, temporaryWrites, type BlobStore, type ThroughTemp } from './types.js';

export interface S3BlobSettings {
  bucket: string;
  /** A custom endpoint (MinIO, R2, a local test server); the AWS endpoint of the region when absent. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Path-style URLs (http://host/bucket/key), which most S3-compatible servers need. */
  forcePathStyle: boolean;
  /** A key prefix inside the bucket (e.g. "artbazaar/"). */
  prefix?: string;
}

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

export function createS3BlobStore(settings: S3BlobSettings): BlobStore {
  const config: S3ClientConfig = {
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers do not read the aws-chunked trailer form.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
  };
  const client = new S3Client(config);
  const Bucket = settings.bucket;
  const prefix = settings.prefix ?? '';
  const objectKey = (key: string) => {
    assertBlobKey(key);
    return `${prefix}${key}`;
  };

  const throughTemp: ThroughTemp = async (fill, keyOf) => {
    const temp = `${prefix}.tmp/${randomUUID()}`;
    const body = new PassThrough({ highWaterMark: 1 << 20 });
    const upload = new Upload({ client, params: { Bucket, Key: temp, Body: body }, queueSize: 2, partSize: 8 << 20 });
    const uploaded = upload.done();
    uploaded.catch(() => undefined);
    try {
      const result = await fill(async (chunk) => {
        if (!body.write(chunk)) await Promise.race([eventOnce(body, 'drain'), uploaded]);
      });
      body.end();
      await uploaded;
      await client.send(new CopyObjectCommand({ Bucket, Key: objectKey(keyOf(result)), CopySource: `${Bucket}/${encodeURI(temp)}` }));
      await client.send(new DeleteObjectCommand({ Bucket, Key: temp }));
      return result;
    } catch (error) {
      body.destroy();
      await upload.abort().catch(() => undefined);
      await client.send(new DeleteObjectCommand({ Bucket, Key: temp })).catch(() => undefined);
      throw error;
    }
  };

  return {
    kind: 's3',
    ...temporaryWrites(throughTemp, objectKey),
    async get(key, range) {
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket, Key: objectKey(key), ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) }),
        );
        const body = answer.Body;
        if (!body) return null;
        return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as Parameters<typeof Readable.fromWeb>[0]);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async stat(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: Number(head.ContentLength ?? 0) };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },
  };
}
