import type { MouseEvent } from 'react';
import type { Lang } from '../../engine/definition/definition.ts';
import { t } from '../../engine/text/messages.ts';

export interface SummaryItem {
  name: string;
  label: string;
  message: string;
}

/** Lists what must be corrected, each linked to its question; announced when it appears. */
export function ErrorSummary({ items, lang, onPick, idPrefix }: { items: SummaryItem[]; lang: Lang; onPick: (name: string) => void; idPrefix: string }) {
  const titleId = `${idPrefix}__error-summary-title`;
  const pick = (event: MouseEvent, name: string) => {
    event.preventDefault();
    onPick(name);
  };
  return (
    <div className="error-summary" role="alert" aria-labelledby={titleId}>
      <p className="error-summary-title" id={titleId}>
        {items.length ? t('errorSummary', lang, { count: items.length }) : ''}
      </p>
      {items.length > 0 && (
        <ul>
          {items.map((item) => (
            <li key={item.name}>
              {/* The question's first control (its RJSF id): where the link leads when no script takes the click. */}
              <a href={`#${idPrefix}_${item.name.split('.').join('_')}`} onClick={(event) => pick(event, item.name)}>
                {item.label}: {item.message}
              </a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
