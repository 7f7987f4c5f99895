// A local object store for the tests: s3rver speaks the S3 protocol over HTTP (path-style
// addressing) and keeps objects in a temporary directory. Its fixed credentials are S3RVER/S3RVER.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../../src/server/core/config.ts';

export interface ObjectStore {
  config: ObjectStorageConfig;
  /** The stored objects' keys (<collection>/<filename>), listed over the S3 protocol. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startObjectStore(bucket = 'venue-uploads'): Promise<ObjectStore> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'venue-forms-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const config: ObjectStorageConfig = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  return {
    config,
    async keys() {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async close() {
      client.destroy();
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
