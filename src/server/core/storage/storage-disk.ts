// Uploads in DATA_DIR/uploads/<collection>/ (one instance, or instances sharing that directory).
import fs from 'node:fs';
import path from 'node:path';
import { isStoredName, type UploadStorage } from './storage.ts';

/** Where accepted uploads live on disk: DATA_DIR/uploads. */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'uploads');

/** fsync a directory: the file's new name must survive a crash too. */
async function flushDirectory(dir: string) {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export function diskStorage(dataDir: string): UploadStorage {
  const fileOf = (collection: string, filename: string) => {
    if (!isStoredName(filename) || !/^[a-z0-9-]+$/.test(collection)) throw new Error(`Not a stored upload name: ${collection}/${filename}`);
    return path.join(uploadsRoot(dataDir), collection, filename);
  };
  return {
    kind: 'disk',
    async put(collection, filename, body) {
      const file = fileOf(collection, filename);
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      // Written under a .part name first (the orphan clean-up removes those), so a crash never leaves half a file under the real name.
      const partial = `${file}.part`;
      try {
        await fs.promises.writeFile(partial, body, { flush: true });
        await fs.promises.rename(partial, file);
        await flushDirectory(path.dirname(file));
      } finally {
        await fs.promises.rm(partial, { force: true });
      }
    },
    async get(collection, filename) {
      if (!isStoredName(filename)) return null;
      const file = fileOf(collection, filename);
      return fs.existsSync(file) ? fs.createReadStream(file) : null;
    },
    async delete(collection, filename) {
      if (!isStoredName(filename)) return;
      await fs.promises.rm(fileOf(collection, filename), { force: true });
    },
  };
}
