// One stored answer as staff read it: options by their label in the staff member's language,
// ticks as yes/no, uploads as links (images shown), a signature drawn by the server as SVG, and
// a repeated group as a table. Text is only ever text.
import { useTranslation } from 'react-i18next';
import type { ResolvedDataField } from '../../../engine/compiled.ts';
import type { FieldType } from '../../../engine/definition.ts';
import type { Lang } from '../../../engine/languages.ts';
import { formText } from '../../../engine/messages.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { safeHref } from '../../rich-text/RichText.tsx';
import { FIELD_UI, type FieldUi } from '../../widgets/fieldUi.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';

interface Props {
  formId: string;
  field: ResolvedDataField;
  value: unknown;
  lang: Lang;
  /** The server's drawing of a signature answer. */
  signatureUrl: string;
}

export const fieldLabel = (formId: string, field: ResolvedDataField, lang: Lang): string => {
  if ('label' in field && field.label) return formText(formId, field.label, lang);
  if (field.type === 'hidden' && field.showAs) return formText(formId, field.showAs, lang);
  return field.name;
};

export function AnswerValue({ formId, field, value, lang, signatureUrl }: Props) {
  const { t } = useTranslation();
  if (value === undefined || value === null || value === '') return null;
  const text = (key: string) => formText(formId, key, lang);
  const optionLabel = (item: unknown) => {
    const options = 'options' in field && Array.isArray(field.options) ? field.options : [];
    const option = options.find((candidate) => candidate.value === item);
    return option ? text(option.label) : String(item);
  };
  // The view is FIELD_UI's (widgets/fieldUi.ts): a new field type picks one of these.
  switch ((FIELD_UI as Record<FieldType, FieldUi>)[field.type].answer) {
    case 'option':
      return <span dir="auto">{optionLabel(value)}</span>;
    case 'options':
      return <span dir="auto">{(Array.isArray(value) ? value : [value]).map(optionLabel).join(', ')}</span>;
    case 'yesNo':
      return <span>{value === true ? t('staffYes') : t('staffNo')}</span>;
    case 'drawing':
      return <img className="console-signature" src={apiUrl(signatureUrl)} alt={t('staffSignature', { label: fieldLabel(formId, field, lang) })} />;
    case 'files':
      return (
        <ul className="console-files">
          {(Array.isArray(value) ? value : [value]).map((file, i) => (
            <li key={i}>
              <UploadLink file={file} />
            </li>
          ))}
        </ul>
      );
    case 'group':
      return field.type === 'repeat' ? <RepeatTable formId={formId} field={field} value={value} lang={lang} /> : null;
    case 'none':
      return null;
    case 'text':
      return <span dir="auto">{typeof value === 'object' ? JSON.stringify(value) : String(value)}</span>;
  }
}

function UploadLink({ file }: { file: unknown }) {
  const doc = file && typeof file === 'object' ? (file as { url?: string; filename?: string; mimeType?: string }) : null;
  const href = safeHref(doc?.url);
  if (!doc || !href) return <span>{String(file)}</span>;
  return (
    <a href={apiUrl(href)} target="_blank" rel="noopener noreferrer">
      {doc.mimeType?.startsWith('image/') && <img src={apiUrl(href)} alt="" className="console-thumb" />}
      <span dir="auto">{doc.filename}</span>
    </a>
  );
}

function RepeatTable({ formId, field, value, lang }: { formId: string; field: Extract<ResolvedDataField, { type: 'repeat' }>; value: unknown; lang: Lang }) {
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const subFields = field.fields as ResolvedDataField[];
  return (
    <StaffTable caption={fieldLabel(formId, field, lang)} columns={['#', ...subFields.map((sub) => fieldLabel(formId, sub, lang))]} className="console-repeat">
        {items.map((item, i) => (
          <tr key={i}>
            <th scope="row">{formText(formId, field.itemLabel, lang, { n: i + 1 })}</th>
            {subFields.map((sub) => (
              <td key={sub.name}>
                <AnswerValue formId={formId} field={sub} value={item?.[sub.name]} lang={lang} signatureUrl="" />
              </td>
            ))}
          </tr>
        ))}
    </StaffTable>
  );
}
