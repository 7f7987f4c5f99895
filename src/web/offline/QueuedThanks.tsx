// The thanks of a submission kept on the device (queue.ts): saved here, sent automatically, with
// its pending reference; once sent, the form's own thanks with the server's reference (a waiver's
// Form ID); if the server refuses it, its reason and the way back to the answers to correct them.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Lang } from '../../engine/text/languages.ts';
import { t } from '../../engine/text/messages.ts';
import { forget, onQueueEvent, queueItems, type QueueEvent, type Refusal } from './queue.ts';

interface Props {
  pendingRef: string;
  lang: Lang;
  /** The form's thanks once the server stored it. */
  thanks: (doc: Record<string, unknown>, copyLink?: string) => ReactNode;
  /** The guest goes back to the answers, the server's reason shown at them. */
  onCorrect: (refusal: Refusal) => void;
  children?: ReactNode;
}

export default function QueuedThanks({ pendingRef, lang, thanks, onCorrect, children }: Props) {
  const [event, setEvent] = useState<Extract<QueueEvent, { type: 'sent' | 'refused' }> | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  useEffect(
    () =>
      onQueueEvent((next) => {
        if (next.pendingRef === pendingRef && next.type !== 'queued') setEvent(next);
      }),
    [pendingRef],
  );

  if (event?.type === 'sent') return thanks(event.doc, event.copyLink);
  const [before, after = ''] = t('queuedReference', lang, { reference: '{reference}' }).split('{reference}', 2);
  const correct = async (refusal: Refusal) => {
    const item = (await queueItems('refused')).find((each) => each.entry.pendingRef === pendingRef);
    if (item) await forget(item.id);
    onCorrect(refusal);
  };
  return (
    <section className="thank-you queued-thanks" aria-labelledby="queued-title">
      <h1 id="queued-title" ref={heading} tabIndex={-1}>
        {t('queuedTitle', lang)}
      </h1>
      {event?.type === 'refused' ? (
        <div role="alert">
          <p>{t('queueRefused', lang, { reason: refusalText(event.refusal, lang) })}</p>
          <button type="button" className="button" onClick={() => void correct(event.refusal)}>
            {t('queueCorrect', lang)}
          </button>
        </div>
      ) : (
        <p>{t('queuedText', lang)}</p>
      )}
      <p className="queued-reference">
        {before}
        <strong className="reference-code" dir="ltr" translate="no">
          {pendingRef}
        </strong>
        {after}
      </p>
      {children}
    </section>
  );
}

/** The server's words for a refusal: its field messages, or its one message, or the product's own. */
export function refusalText(refusal: Refusal, lang: Lang): string {
  if (refusal.kind === 'invalid') return refusal.fieldErrors.map((error) => error.message).join(' ');
  return refusal.message ?? t('submitFailed', lang);
}
