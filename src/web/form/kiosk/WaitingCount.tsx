// For the desk's staff: how many waivers the tablet keeps until the connection is back ("3 waiting
// to send"), never what they hold; counted again on every event of the device's queue.
import { useEffect, useState } from 'react';
import type { Lang } from '../../../engine/definition/definition.ts';
import { t } from '../../../engine/text/messages.ts';
import { onQueueEvent, waitingCount } from '../../offline/queue.ts';

export function WaitingCount({ lang }: { lang: Lang }) {
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    const recount = () =>
      void waitingCount().then(
        (n) => live && setCount(n),
        () => undefined,
      );
    recount();
    const stop = onQueueEvent(recount);
    return () => {
      live = false;
      stop();
    };
  }, []);
  if (!count) return null;
  return (
    <p className="kiosk-waiting" role="status">
      {t('kioskWaiting', lang, { count })}
    </p>
  );
}
