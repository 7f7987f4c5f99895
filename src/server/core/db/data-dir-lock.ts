// PGlite is single-process: two servers on one data directory would corrupt it, and a process
// killed with -9 leaves postmaster.pid behind, which makes the next PGlite open hang forever.
// So the server holds DATA_DIR/server.lock (its pid) and clears both files when the owner is gone.
import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

export class DataDirInUseError extends Error {}

function isServerAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  // After a reboot or container restart the pid may belong to an unrelated program.
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node');
  } catch {
    return true;
  }
}

/** The process id of the live server holding DATA_DIR's lock, or null when none does. */
export function serverHoldingDataDir(dataDir: string): number | null {
  try {
    const owner = Number(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim());
    return isServerAlive(owner) ? owner : null;
  } catch {
    return null;
  }
}

export function acquireDataDirLock(dataDir: string, dbDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      // Holding the lock means no live PGlite uses dbDir, so any postmaster.pid is stale.
      fs.rmSync(path.join(dbDir, 'postmaster.pid'), { force: true });
      return {
        release() {
          try {
            if (fs.readFileSync(lockFile, 'utf8').trim() === String(process.pid)) fs.unlinkSync(lockFile);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(fs.readFileSync(lockFile, 'utf8').trim());
    if (isServerAlive(owner)) {
      throw new DataDirInUseError(
        `The data directory ${dataDir} is in use by another server (process ${owner}). Stop it first, or set DATA_DIR to another directory.`,
      );
    }
    fs.rmSync(lockFile, { force: true });
  }
  throw new DataDirInUseError(`Could not lock the data directory ${dataDir}.`);
}
