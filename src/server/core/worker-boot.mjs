// Starts a worker thread of worker-pool.ts on its TypeScript entry (workerData.entry). The server
// runs its TypeScript source through tsx (`node --import tsx`), but on Node 20 a worker thread
// does not get the loader its parent registered, so tsx is registered here, in the worker, before
// the entry is imported. The pool starts this file with no execArgv, so tsx is never registered twice.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
