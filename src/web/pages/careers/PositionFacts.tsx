import { useTranslation } from 'react-i18next';
import { localized } from '../../api/localized.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import type { Position } from './careersLoader.ts';

/** Department, place and closing date of a position, in the page language. */
export function PositionFacts({ position }: { position: Position }) {
  const { lang } = useShell();
  const { t } = useTranslation();
  const closing = position.closing_date ? new Date(`${position.closing_date}T12:00:00Z`) : undefined;
  const date = closing && !Number.isNaN(closing.getTime()) ? new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone: 'UTC' }).format(closing) : undefined;
  return (
    <dl className="position-facts">
      {position.department !== undefined && (
        <div>
          <dt>{t('careersDepartment')}</dt>
          <dd>{localized<string>(position.department, lang).value}</dd>
        </div>
      )}
      {position.location !== undefined && (
        <div>
          <dt>{t('careersLocation')}</dt>
          <dd>{localized<string>(position.location, lang).value}</dd>
        </div>
      )}
      {date && (
        <div>
          <dt>{t('careersClosing')}</dt>
          <dd>{date}</dd>
        </div>
      )}
    </dl>
  );
}
