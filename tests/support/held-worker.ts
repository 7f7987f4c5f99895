// A worker entry for tests of core/worker-pool.ts: each job counts itself as started (slot 1 of
// the shared array), then answers its name once the test opens the gate (slot 0 set to 1), or
// never, when it spins (a job that overruns); a free job answers at once.
import { serveJobs } from '../../src/server/core/worker-thread.ts';

export interface HeldJob {
  shared: SharedArrayBuffer;
  name: string;
  spin?: boolean;
  free?: boolean;
}

await serveJobs<HeldJob, string>(({ shared, name, spin, free }) => {
  if (free) return { answer: name };
  const view = new Int32Array(shared);
  Atomics.add(view, 1, 1);
  if (spin) for (;;);
  Atomics.wait(view, 0, 0);
  return { answer: name };
});
