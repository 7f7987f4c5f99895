// Work that waits for a pause (typing, changes) but can be done at once when it must not wait
// (leaving a field, submitting, the page being hidden). Used by the typed controls
// (bufferedWidgets.tsx) and by the draft (draft.ts): one timer, one rule, in one place.
import { useEffect, useMemo, useRef } from 'react';

export interface DebouncedFlush {
  /** Runs `run` once `delayMs` pass without another call to schedule. */
  schedule(): void;
  /** Runs it now if it is due; nothing if nothing was scheduled. */
  flush(): void;
  /** Forgets what was due. */
  cancel(): void;
}

/** `wait` defers the run once the pause is over (the draft waits for the browser to be idle). */
export function useDebouncedFlush(run: () => void, delayMs: number, wait: (go: () => void) => void = (go) => go()): DebouncedFlush {
  const latest = useRef(run);
  useEffect(() => {
    latest.current = run;
  }, [run]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const due = useRef(false);
  const waitRef = useRef(wait);
  return useMemo(() => {
    const flush = () => {
      clearTimeout(timer.current);
      if (!due.current) return;
      due.current = false;
      latest.current();
    };
    return {
      schedule() {
        due.current = true;
        clearTimeout(timer.current);
        timer.current = setTimeout(() => waitRef.current(flush), delayMs);
      },
      flush,
      cancel() {
        clearTimeout(timer.current);
        due.current = false;
      },
    };
  }, [delayMs]);
}
