import { useEffect, useRef } from 'react';
import type { ResolvedForm } from '../../engine/compiled.ts';
import type { Lang } from '../../engine/definition.ts';
import { fill, pick, t } from '../../engine/messages.ts';

/** Shown after the answers were stored (201): the form's own thanks, or the product's default. */
export function ThankYou({ form, lang, doc }: { form: ResolvedForm; lang: Lang; doc: Record<string, unknown> }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form is gone: move focus to the message so keyboard and screen-reader users land on it.
  useEffect(() => heading.current?.focus(), []);
  const title = form.success?.title ? pick(form.success.title, lang) : t('thankYouTitle', lang);
  const subtitle = form.success?.subtitle ? pick(form.success.subtitle, lang) : t('thankYouSubtitle', lang);
  const reference = doc.reference ?? doc.id;
  const referenceText = form.success?.referenceLabel && reference !== undefined ? fill(pick(form.success.referenceLabel, lang), { reference: String(reference) }) : undefined;
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
      {referenceText && <p className="thank-you-reference">{referenceText}</p>}
    </section>
  );
}
