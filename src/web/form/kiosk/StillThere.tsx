// "Are you still there?" on a kiosk: a modal alert dialog (the browser's own <dialog>: focus moves
// in and stays, the page behind is inert), its button focused; the countdown is shown every
// second and said politely every five, so a screen reader is not talked over each second.
import { useEffect, useRef } from 'react';
import type { Lang } from '../../../engine/definition/definition.ts';
import { t } from '../../../engine/text/messages.ts';

const SAID_EVERY_SECONDS = 5;

export function StillThere({ lang, secondsLeft, onStillHere }: { lang: Lang; secondsLeft: number; onStillHere: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  const said = Math.ceil(secondsLeft / SAID_EVERY_SECONDS) * SAID_EVERY_SECONDS;
  return (
    <dialog
      ref={dialog}
      className="kiosk-still-there"
      role="alertdialog"
      aria-labelledby="kiosk-still-there-title"
      aria-describedby="kiosk-still-there-countdown"
      onCancel={(event) => {
        // Escape is an answer too: the guest is there.
        event.preventDefault();
        onStillHere();
      }}
    >
      <h2 id="kiosk-still-there-title">{t('kioskStillThere', lang)}</h2>
      <p id="kiosk-still-there-countdown" aria-hidden="true">
        {t('kioskClearingIn', lang, { count: secondsLeft })}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {t('kioskClearingIn', lang, { count: said })}
      </p>
      <button type="button" className="button button-primary" autoFocus onClick={onStillHere}>
        {t('kioskStillHere', lang)}
      </button>
    </dialog>
  );
}
