// Starts the PDF worker thread (pdf-pool.ts) on its TypeScript entry: on Node 20 a worker thread
// does not get the tsx loader its parent registered, so it is registered here first (as
// features/uploads/inspection-worker.mjs does for the upload checks).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
