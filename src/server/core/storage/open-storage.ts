// Opens the configured storage: S3-compatible when S3_ENDPOINT and S3_BUCKET are set, else DATA_DIR.
// Its own file, so the two storages can import the shared shape (storage.ts) without a circle.
import type { ServerConfig } from '../config.ts';
import type { UploadStorage } from './storage.ts';

export async function openUploadStorage(config: Pick<ServerConfig, 'dataDir' | 'objectStorage'>): Promise<UploadStorage> {
  if (config.objectStorage) {
    const { s3Storage } = await import('./storage-s3.ts');
    return s3Storage(config.objectStorage);
  }
  const { diskStorage } = await import('./storage-disk.ts');
  return diskStorage(config.dataDir);
}
