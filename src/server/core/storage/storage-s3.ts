// Uploads in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2...) through @aws-sdk/client-s3, as
// <collection>/<filename>. PutObject answers only once the object is stored, which is what an
// acknowledged upload needs to survive.
import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { ObjectStorageConfig } from '../config.ts';
import { isStoredName, type UploadStorage } from './storage.ts';

export function s3Storage(config: ObjectStorageConfig): UploadStorage {
  const client = new S3Client({
    endpoint: config.endpoint,
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer default ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(config.accessKeyId && config.secretAccessKey ? { credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } } : {}),
  });
  const Bucket = config.bucket;
  const keyOf = (collection: string, filename: string) => `${collection}/${filename}`;
  return {
    kind: 's3',
    async put(collection, filename, body, mimeType) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(collection, filename), Body: body, ContentType: mimeType, ContentLength: body.length }));
    },
    async get(collection, filename) {
      if (!isStoredName(filename)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(collection, filename) }));
        return (object.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(collection, filename) {
      if (!isStoredName(filename)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(collection, filename) }));
    },
  };
}
