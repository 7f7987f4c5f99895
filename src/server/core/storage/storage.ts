// Where accepted uploads are kept: the data directory by default, or S3-compatible object storage
// (S3_ENDPOINT, S3_BUCKET) so that several instances behind a load balancer share every file: an
// upload received by one is attached and downloaded through any other. Files are named
// <collection>/<random name>.<extension>; the database row holds the name.
import type { Readable } from 'node:stream';

export interface UploadStorage {
  readonly kind: 'disk' | 's3';
  /** Keeps the file; resolved only once it would survive a crash of this process. */
  put(collection: string, filename: string, body: Buffer, mimeType: string): Promise<void>;
  /** The file's bytes, or null when it is not there. */
  get(collection: string, filename: string): Promise<Readable | null>;
  /** Removes the file; a missing one is no error. */
  delete(collection: string, filename: string): Promise<void>;
}

/** A stored name is ours (random base64url + extension): anything else could reach outside its folder. */
export function isStoredName(filename: string): boolean {
  return /^[A-Za-z0-9_-]{1,64}\.[a-z0-9]{1,8}$/.test(filename);
}
