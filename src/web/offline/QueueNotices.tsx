// On the next visit of a form page (read once, when it opens: a refusal while the page is open is
// told by the queued thanks, QueuedThanks.tsx): what the device's queue has to say about this form. A note when
// kept submissions waited more than 7 days and were deleted, and each one the server refused, with
// its reason and the way to correct it (its answers go back into the form, the entry is deleted).
import { useEffect, useState } from 'react';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';
import { expireQueue, forget, queueItems, type QueueItem } from './queue.ts';
import { refusalText } from './QueuedThanks.tsx';

interface Props {
  formId: string;
  lang: Lang;
  onCorrect: (answers: Record<string, unknown>) => void;
}

export default function QueueNotices({ formId, lang, onCorrect }: Props) {
  const [expired, setExpired] = useState(0);
  const [refused, setRefused] = useState<QueueItem[]>([]);
  useEffect(() => {
    let live = true;
    const read = () =>
      queueItems('refused')
        .then((items) => live && setRefused(items.filter((item) => item.entry.formId === formId)))
        .catch(() => undefined);
    void expireQueue()
      .then((count) => live && setExpired(count))
      .catch(() => undefined)
      .then(read);
    return () => {
      live = false;
    };
  }, [formId]);
  if (!expired && !refused.length) return null;
  return (
    <div className="queue-notices">
      {expired > 0 && <p role="status">{t('queueExpired', lang, { count: expired })}</p>}
      {refused.map((item) => (
        <div key={item.id} className="queue-refused" role="alert">
          <p>{t('queueRefused', lang, { reason: item.entry.refusal ? refusalText(item.entry.refusal, lang) : t('submitFailed', lang) })}</p>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              void forget(item.id);
              setRefused((items) => items.filter((each) => each.id !== item.id));
              onCorrect(item.entry.data);
            }}
          >
            {t('queueCorrect', lang)}
          </button>
        </div>
      ))}
    </div>
  );
}
