// A reporter's case code and secret on the thank-you panel, shown this once (features/reporter).
import { useRef, useState } from 'react';
import type { Lang } from '../../engine/definition/definition.ts';
import { t } from '../../engine/text/messages.ts';
import type { ReporterReceipt } from '../../engine/contract/reporter.ts';
const isReceipt = (value: unknown): value is ReporterReceipt =>
  !!value && typeof value === 'object' && ['code', 'secret', 'page'].every((key) => typeof (value as Record<string, unknown>)[key] === 'string');

/**
 * A reporter's secret (features/reporter), shown this once: the warning that it cannot be shown again
 * or recovered, the secret to copy, a text file with code, secret and page to download (a data: link,
 * so it works without JavaScript too) and the way to the reporter's page.
 */
export default function ReporterSecret({ receipt, lang }: { receipt: unknown; lang: Lang }) {
  if (!isReceipt(receipt)) return null;
  return <Receipt receipt={receipt} lang={lang} />;
}

function Receipt({ receipt, lang }: { receipt: ReporterReceipt; lang: Lang }) {
  const secret = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  // The page's path as the server gave it: the same in the server's render and the browser's (hydration).
  const file = t('receiptFileText', lang, { code: receipt.code, secret: receipt.secret, page: receipt.page });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(`${receipt.code} ${receipt.secret}`);
      setCopied(true);
    } catch {
      const selection = window.getSelection();
      if (secret.current && selection) selection.selectAllChildren(secret.current);
    }
  };
  return (
    <div className="thank-you-reference thank-you-secret">
      <p className="thank-you-warning" role="note">
        <strong>{t('receiptSecretWarning', lang)}</strong>
      </p>
      <p>
        {t('receiptSecretLabel', lang)}{' '}
        <strong className="reference-code" ref={secret} dir="ltr" translate="no" data-testid="reporter-secret">
          {receipt.secret}
        </strong>
      </p>
      <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
        {t(copied ? 'copied' : 'copy', lang)}
      </button>
      <a
        className="link-button"
        href={`data:text/plain;charset=utf-8,${encodeURIComponent(file)}`}
        download={`${t('receiptFileName', lang)}-${receipt.code}.txt`}
      >
        {t('receiptDownload', lang)}
      </a>
      <a className="link-button" href={`${receipt.page}?lang=${lang}`}>
        {t('receiptFollowLink', lang)}
      </a>
      <span className="visually-hidden" role="status">
        {copied ? t('copied', lang) : ''}
      </span>
    </div>
  );
}
