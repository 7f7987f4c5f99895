// The terms a guest saw when signing a waiver, word for word from the form version kept by hash
// (GET /api/waivers/{id}/terms), in the language they signed in; a note when today's definition
// words them otherwise. Headings become h3 under the section's h2; clauses keep their numbers.
import { useTranslation } from 'react-i18next';
import type { SignedTermsAnswer } from '../../../engine/contract/waivers.ts';
import { parseInline, parseRichText } from '../../../engine/text/rich-text.ts';
import { RichText } from '../../rich-text/RichText.tsx';

export function SignedTerms({ terms }: { terms: SignedTermsAnswer | null }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="console-signed-terms">
      <h2 id="console-signed-terms">{t('staffSignedTerms')}</h2>
      {!terms ? (
        <p className="console-note">{t('staffSignedTermsMissing')}</p>
      ) : (
        <>
          {terms.changedSince && (
            <p className="console-note" role="note">
              {t('staffSignedTermsChanged')}
            </p>
          )}
          <div className="console-signed-terms" lang={terms.language} dir={terms.language === 'ar' ? 'rtl' : 'ltr'}>
            {terms.blocks.map((block) =>
              block.style === 'heading' ? (
                <h3 key={block.name}>
                  <RichText value={parseInline(block.text)} />
                </h3>
              ) : (
                <div key={block.name}>
                  {block.text && <RichText value={parseRichText(block.text)} />}
                  {block.items.length > 0 && (block.style === 'terms' ? <ol>{items(block.items)}</ol> : <ul>{items(block.items)}</ul>)}
                </div>
              ),
            )}
            {terms.consent && (
              <p>
                <strong>{terms.consent}</strong>
              </p>
            )}
          </div>
        </>
      )}
    </section>
  );
}

const items = (texts: string[]) =>
  texts.map((text, index) => (
    <li key={index}>
      <RichText value={parseInline(text)} />
    </li>
  ));
