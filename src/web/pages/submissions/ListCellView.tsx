// One cell of the submissions list's own columns (the definition's list.columns; the server's
// cells, engine/contract/submission-list.ts): an option by its label, a rating as its label AND a
// colour band of its position on the scale (never the colour alone), a comment's first words, a
// date or number in the staff digits.
import type { ResolvedDataField } from '../../../engine/compiler/compiled.ts';
import type { ListCell } from '../../../engine/contract/submission-list.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { formText } from '../../../engine/text/messages.ts';
import { staffDay, staffNumber } from '../../staff/staffTime.ts';

/**
 * A listed answer's text in `lang` (the page's for digits, the form's for its option labels). The
 * one place the list reads an answer: it becomes the field modules' answerText when that lands.
 */
export function cellText(formId: string, field: ResolvedDataField | undefined, value: ListCell['value'], textLang: Lang, lang: Lang): string {
  if (value === null) return '';
  const options = field && 'options' in field && Array.isArray(field.options) ? field.options : [];
  const option = options.find((candidate) => candidate.value === value);
  if (option) return formText(formId, option.label, textLang);
  if (typeof value === 'number') return staffNumber(lang).format(value);
  if (field?.type === 'date' && typeof value === 'string') return staffDay(value, lang);
  return String(value);
}

/** The band a rating's colour shows: the lower third of its scale, the middle, the top. */
export function ratingBand(position: number, top: number): 'low' | 'mid' | 'high' {
  const share = top > 1 ? (position - 1) / (top - 1) : 1;
  return share < 1 / 3 ? 'low' : share < 2 / 3 ? 'mid' : 'high';
}

interface Props {
  formId: string;
  cell: ListCell | undefined;
  /** The question the cell's value answers (a lowest column's: the rating it came from). */
  field: ResolvedDataField | undefined;
  textLang: Lang;
  lang: Lang;
}

export function ListCellView({ formId, cell, field, textLang, lang }: Props) {
  if (!cell || cell.value === null || cell.value === '') return null;
  const text = cellText(formId, field, cell.value, textLang, lang);
  if (cell.position && cell.top) {
    return (
      <span className={`console-rating console-rating-${ratingBand(cell.position, cell.top)}`} lang={textLang}>
        {text}
      </span>
    );
  }
  if (field?.type === 'textarea' || field?.type === 'text') {
    return (
      <span className="console-free-text" dir="auto" lang={textLang}>
        {text}
        {cell.truncated ? '…' : ''}
      </span>
    );
  }
  // A code, an address or a number reads left to right inside Arabic; a date is the page's words.
  if (field?.type === 'email' || field?.type === 'phone' || typeof cell.value === 'number') {
    return (
      <bdi dir="ltr" className="console-whole">
        {text}
      </bdi>
    );
  }
  if (field?.type === 'date') return <span className="console-whole">{text}</span>;
  return (
    <span dir="auto" lang={textLang}>
      {text}
    </span>
  );
}
