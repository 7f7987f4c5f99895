// One stored answer as staff read it: the text its field type gives (engine/fields/answer-text.ts, the one
// the CSV, the waiver PDF, the privacy export and alerts write), uploads as links (images shown), a
// signature drawn by the server as SVG, and a repeated group as a table. Text is only ever text.
import { useTranslation } from 'react-i18next';
import { answerReader, questionLabel, readAnswer, type AnswerReading, type ReaderOptions } from '../../../engine/fields/answer-text.ts';
import type { CountryNames } from '../../../engine/checks/country-codes.ts';
import type { ResolvedDataField } from '../../../engine/compiler/compiled.ts';
import type { AnswerFile } from '../../../engine/fields/parts.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { safeHref } from '../../rich-text/RichText.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { useCountryNames } from '../../widgets/countryNames.ts';

interface Props {
  formId: string;
  field: ResolvedDataField;
  value: unknown;
  lang: Lang;
  /** The server's drawing of a signature answer. */
  signatureUrl: string;
}

export const fieldLabel = (formId: string, field: ResolvedDataField, lang: Lang): string => questionLabel(formId, field, lang);

/** The country list the reader names countries from, out of the page's names file of `lang` (widgets/countryNames.ts). */
function countriesOf(names: CountryNames | undefined, lang: Lang): ReaderOptions['countries'] {
  if (!names) return undefined;
  const english = names.english ?? names.names;
  return Object.entries(names.names).map(([code, name]) => ({ code, name: { en: english[code] ?? name, [lang]: name } }));
}

export function AnswerValue({ formId, field, value, lang, signatureUrl }: Props) {
  const { t } = useTranslation();
  // A country answer is a stored English name or code: its name in the staff language comes with the names file.
  const { names } = useCountryNames(lang, field.type === 'country' || (field.type === 'repeat' && field.fields.some((sub) => sub.type === 'country')));
  const reading = readAnswer(answerReader(formId, lang, { countries: countriesOf(names, lang) }), field, value);
  if (reading.drawing)
    return <img className="console-signature" src={apiUrl(signatureUrl)} alt={t('staffSignature', { label: fieldLabel(formId, field, lang) })} />;
  if (reading.rows) return <RepeatTable caption={fieldLabel(formId, field, lang)} reading={reading} />;
  return <ReadingView reading={reading} />;
}

function ReadingView({ reading }: { reading: AnswerReading }) {
  if (reading.files) {
    return (
      <ul className="console-files">
        {reading.files.map((file, i) => (
          <li key={i}>
            <UploadLink file={file} />
          </li>
        ))}
      </ul>
    );
  }
  if (!reading.text) return null;
  return <span dir={reading.ltr ? 'ltr' : 'auto'}>{reading.text}</span>;
}

function UploadLink({ file }: { file: AnswerFile }) {
  const href = safeHref(file.url);
  if (!href) return <span dir="auto">{file.name}</span>;
  return (
    <a href={apiUrl(href)} target="_blank" rel="noopener noreferrer">
      {file.mimeType?.startsWith('image/') && <img src={apiUrl(href)} alt="" className="console-thumb" />}
      <span dir="auto">{file.name}</span>
    </a>
  );
}

function RepeatTable({ caption, reading }: { caption: string; reading: AnswerReading }) {
  const rows = reading.rows ?? [];
  return (
    <StaffTable caption={caption} columns={['#', ...(rows[0]?.cells.map((cell) => cell.label) ?? [])]} className="console-repeat">
      {rows.map((row, i) => (
        <tr key={i}>
          <th scope="row">{row.label}</th>
          {row.cells.map((cell, j) => (
            <td key={j}>
              <ReadingView reading={cell.reading} />
            </td>
          ))}
        </tr>
      ))}
    </StaffTable>
  );
}
