// An answer of the server as it is now (a party's roster, the desk's parties of the day): asked
// again every ROSTER_POLL_SECONDS with its ETag (the server answers 304 while nothing changed), at
// most ROSTER_POLL_LIMIT times (a tab left open stops asking; a reload starts again). `ask` is the
// page's way to call the server (the pages' key, or the staff session).
import { useEffect, useState } from 'react';
import { ROSTER_POLL_LIMIT, ROSTER_POLL_SECONDS } from '../../engine/contract/party-names.ts';

export type AskAgain<T> = (etag: string | null) => Promise<{ status: number; body: T | null; etag?: string | null }>;

export function useLiveAnswer<T>(first: T, firstEtag: string | null, ask: AskAgain<T>): { value: T; paused: boolean } {
  const [value, setValue] = useState(first);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    let etag = firstEtag;
    let asked = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const next = () => {
      if (asked >= ROSTER_POLL_LIMIT) return setPaused(true);
      timer = setTimeout(async () => {
        asked += 1;
        try {
          const answer = await ask(etag);
          if (stopped) return;
          if (answer.status === 200 && answer.body) {
            etag = answer.etag ?? null;
            setValue(answer.body);
          }
        } catch {
          // no connection now: asked again at the next turn
        }
        if (!stopped) next();
      }, ROSTER_POLL_SECONDS * 1000);
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [firstEtag, ask]);
  return { value, paused };
}
