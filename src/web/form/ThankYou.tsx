import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { PageLink } from '../shell/pageContext.tsx';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import { dataFields } from '../../engine/checks/conditions.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { formText, t } from '../../engine/text/messages.ts';
import { apiUrl } from '../api/runtimeConfig.ts';
import type { FormData } from './context.ts';
import type { ReviewAsk } from '../../engine/contract/reach-names.ts';

// Drawn from the signature's numbers as SVG elements; only forms with a signature load it.
const SignatureImage = lazy(() => import('../widgets/signature/SignatureImage.tsx'));
// A reporter's case code and secret (features/reporter): only a form with reporterAccess loads it.
const ReporterSecret = lazy(() => import('./ReporterSecret.tsx'));
// The review ask (features/reach): only a form with success.reviewAsk whose venue names a review site loads it.
const ReviewLinks = lazy(() => import('./ReviewLinks.tsx'));

/**
 * Shown after the answers were stored (201), in place of the form (no navigation, no reload):
 * the form's own thanks, or the product's default, and the reference the server gave the
 * submission when the form says to show it, easy to select and copy; for a waiver, the guest's
 * own link to the signed copy (PDF), when the server gave one.
 */
export function ThankYou({
  form,
  lang,
  doc,
  answers,
  copyLink,
  children,
}: {
  form: ResolvedForm;
  lang: Lang;
  doc: Record<string, unknown>;
  answers: FormData;
  copyLink?: string;
  children?: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the message so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  const text = (key: string) => formText(form.id, key, lang);
  const title = form.success?.title ? text(form.success.title) : t('thankYouTitle', lang);
  const subtitle = form.success?.subtitle ? text(form.success.subtitle) : t('thankYouSubtitle', lang);
  const reference = doc.reference ?? doc.id;
  const signatures = dataFields(form).filter((f) => f.type === 'signature' && answers[f.name] !== undefined);
  return (
    <section className="thank-you" aria-labelledby="thank-you-title">
      <svg className="thank-you-icon" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
        <circle cx="32" cy="32" r="30" fill="currentColor" />
        <path d="M19 33l9 9 17-19" fill="none" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h1 id="thank-you-title" ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p>{subtitle}</p>
      {form.success?.referenceLabel && reference !== undefined && reference !== null && (
        <Reference label={text(form.success.referenceLabel)} reference={String(reference)} lang={lang} />
      )}
      {doc.reporter !== undefined && (
        <Suspense fallback={null}>
          <ReporterSecret receipt={doc.reporter} lang={lang} />
        </Suspense>
      )}
      {form.success?.reviewAsk && doc.reviewAsk !== undefined && (
        <Suspense fallback={null}>
          <ReviewLinks ask={doc.reviewAsk as ReviewAsk} />
        </Suspense>
      )}
      {copyLink && (
        <a className="link-button" href={apiUrl(copyLink)} download>
          {t('waiverCopyDownload', lang)}
        </a>
      )}
      {form.success?.link && (
        <PageLink className="link-button" href={form.success.link.path}>
          {text(form.success.link.label)}
        </PageLink>
      )}
      {signatures.length > 0 && (
        <Suspense fallback={null}>
          {signatures.map((field) => (
            <figure key={field.name} className="thank-you-signature">
              <figcaption>{t('yourSignature', lang)}</figcaption>
              <SignatureImage value={answers[field.name]} label={t('yourSignature', lang)} />
            </figure>
          ))}
        </Suspense>
      )}
      {children}
    </section>
  );
}

/** "Your Form ID is: K7QM-4XW2-9D" with the reference in its own selectable element and a copy button. */
function Reference({ label, reference, lang }: { label: string; reference: string; lang: Lang }) {
  const code = useRef<HTMLElement>(null);
  const [copied, setCopied] = useState(false);
  const [before, after] = label.includes('{reference}') ? label.split('{reference}', 2) : [`${label} `, ''];
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
    } catch {
      // No clipboard (insecure page, permission refused): select it, so the guest can copy it themselves.
      const selection = window.getSelection();
      if (code.current && selection) {
        selection.selectAllChildren(code.current);
      }
    }
  };
  return (
    <div className="thank-you-reference">
      <p>
        {before}
        <strong className="reference-code" ref={code} dir="ltr" translate="no">
          {reference}
        </strong>
        {after}
      </p>
      <button type="button" className="button button-secondary button-small" onClick={() => void copy()}>
        {t(copied ? 'copied' : 'copy', lang)}
      </button>
      <span className="visually-hidden" role="status">
        {copied ? t('copied', lang) : ''}
      </span>
    </div>
  );
}
