// A local S3-protocol server for the tests (s3rver, files in a temporary folder) on a free port, with one bucket.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3BlobSettings } from '../../server/media/blobStore/s3.js';

export interface TestS3 {
  settings: S3BlobSettings;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'artbazaar-test'): Promise<TestS3> {
  const directory = await mkdtemp(join(tmpdir(), 'artbazaar-s3rver-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    // s3rver's fixed credentials.
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
