// How a stored answer reads, in one language, for every output (the console, the CSV export, the
// guest's waiver PDF, the privacy export, alert bodies): each field type says it itself
// (FIELD_TYPES[type].answerText, like SurveyJS's getDisplayValueCore); here is only the reader they
// are handed (the form's texts and the engine's messages in that language, the calendar, countries)
// and the walk over a question and its answer. Outputs escape, shape or guard the text themselves.
import type { ResolvedField } from '../compiler/compiled.ts';
import { FIELD_TYPES } from './index.ts';
import { answered, type AnswerReader, type AnswerReading, type LocalizedText } from './parts.ts';
import type { Lang } from '../text/languages.ts';
import { formText, t } from '../text/messages.ts';
import { calendarDayText } from '../text/calendar-day.ts';

export type { AnswerReader, AnswerReading } from './parts.ts';

type Question = { type: string; name: string; label?: string; showAs?: string };

export interface ReaderOptions {
  /** The country list (engine/checks/countries.ts), to name a country in the reader's language; without it a country reads as stored. */
  countries?: readonly { code: string; name: LocalizedText }[];
}

/** A question's label in `lang`: its own, a hidden value's showAs, else its name. */
export function questionLabel(formId: string, field: Question, lang: Lang): string {
  const key = field.label ?? (field.type === 'hidden' ? field.showAs : undefined);
  return key ? formText(formId, key, lang) : field.name;
}

/** The reader of one form's answers in one language. */
export function answerReader(formId: string, lang: Lang, options: ReaderOptions = {}): AnswerReader {
  const byName =
    options.countries &&
    new Map(
      options.countries.flatMap(
        (country) =>
          [
            [country.code, country],
            [country.name.en, country],
          ] as const,
      ),
    );
  const reader: AnswerReader = {
    lang,
    text: (key, vars) => formText(formId, key, lang, vars),
    message: (key, vars) => t(key, lang, vars),
    day: (ymd) => calendarDayText(ymd, lang),
    country: (stored) => {
      const country = byName?.get(stored);
      return country ? (country.name[lang] ?? country.name.en) : stored;
    },
    read: (field, value) => readAnswer(reader, field as ResolvedField, value),
    label: (field) => questionLabel(formId, field as Question, lang),
  };
  return reader;
}

/** A stored answer read: its text and what a table shows besides. No answer reads as nothing. */
export function readAnswer(reader: AnswerReader, field: ResolvedField, value: unknown): AnswerReading {
  if (!answered(value)) return { text: '' };
  // One call per type through the table: each module's own field type (the union is not narrowed by the index).
  const module = FIELD_TYPES[field.type] as unknown as {
    answerText(f: unknown, v: unknown, r: AnswerReader): string;
    answerParts?(f: unknown, v: unknown, r: AnswerReader): Omit<AnswerReading, 'text'>;
  };
  return { text: module.answerText(field, value, reader), ...module.answerParts?.(field, value, reader) };
}

/** The plain text of a stored answer in the reader's language ('' for none). */
export const answerText = (reader: AnswerReader, field: ResolvedField, value: unknown): string => readAnswer(reader, field, value).text;
