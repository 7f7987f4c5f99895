// One end of the submissions' date range (SubmissionsPage.tsx): day, month and year in the page's
// language, as guests answer a date (widgets/DateParts.tsx), instead of the browser's date input,
// which follows the browser's language. The GET form sends the complete date as `name`; a date
// still being typed sends nothing, and the page names it instead of searching (dateFilterProblem).
import { dateProblem } from '../../../engine/checks/date-parts.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t } from '../../../engine/text/messages.ts';
import { DateParts } from '../../widgets/DateParts.tsx';

interface Props {
  name: string;
  label: string;
  lang: Lang;
  /** YYYY-MM-DD, a partial date (engine/checks/date-parts.ts) or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Shown under the parts when the search was held back because of this date. */
  problem: string | null;
}

/** What is wrong with a typed date filter, in the page's language; null when empty or complete. */
export function dateFilterProblem(value: string, lang: Lang): string | null {
  if (!value) return null;
  const problem = dateProblem(value);
  return problem && t(problem, lang);
}

export function DateFilter({ name, label, lang, value, onChange, problem }: Props) {
  const id = `filter-${name}`;
  const errorId = `${id}__error`;
  return (
    <fieldset className="date-input console-date" aria-labelledby={`${id}__legend`}>
      <legend id={`${id}__legend`}>{label}</legend>
      <DateParts
        id={id}
        lang={lang}
        value={value || undefined}
        onChange={(next) => onChange(next ?? '')}
        control={{ 'aria-invalid': problem ? true : undefined, 'aria-describedby': problem ? errorId : undefined }}
      />
      <input type="hidden" name={name} value={dateProblem(value) ? '' : value} />
      {problem && (
        <p className="field-error" id={errorId} role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
