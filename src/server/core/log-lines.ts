// The request log's lines reach stdout in batches: under load, one write per line costs a system
// call per request (about a tenth of a create's CPU); gathered, a write carries many lines, and
// none waits more than FLUSH_MS. flush() writes what is left when the server stops.
const FLUSH_MS = 100;
const MAX_PENDING = 64 * 1024;

export interface LogLines {
  write(line: string): void;
  flush(): void;
}

export function batchedStdout(): LogLines {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending) process.stdout.write(pending);
    pending = '';
  };
  return {
    write(line) {
      pending += line;
      if (pending.length >= MAX_PENDING) flush();
      else timer ??= setTimeout(flush, FLUSH_MS);
    },
    flush,
  };
}
