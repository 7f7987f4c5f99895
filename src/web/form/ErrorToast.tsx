import type { Lang } from '../../engine/definition/definition.ts';
import { t } from '../../engine/text/messages.ts';

/** A failed submission, at the top of the page on the reading-start side; it stays until closed. */
export function ErrorToast({ message, lang, onClose }: { message: string; lang: Lang; onClose: () => void }) {
  return (
    <div className="toast toast-error" role="alert">
      <svg className="toast-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M12 7v6M12 16.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <p className="toast-message">{message}</p>
      <button type="button" className="toast-close" onClick={onClose} aria-label={t('close', lang)}>
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
