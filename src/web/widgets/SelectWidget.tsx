import { useEffect, useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { Lang, LocalizedText } from '../../engine/definition.ts';
import { pick, t } from '../../engine/messages.ts';
import { collectionQuery } from '../api/client.ts';
import { fetchDocs, type Doc } from '../form/sourcedValues.ts';
import { optionLabel, useWidgetField, type FieldOf } from './common.tsx';

interface Choice {
  value: unknown;
  label: string;
}

/** Documents of a backend collection (e.g. restaurants); null until loaded or when loading failed. */
function useCollectionDocs(collection: string | undefined): Doc[] | null {
  const [docs, setDocs] = useState<Doc[] | null>(null);
  useEffect(() => {
    if (!collection) return;
    let live = true;
    void fetchDocs(collectionQuery(collection, { limit: 1000 }), collection).then((loaded) => live && setDocs(loaded));
    return () => {
      live = false;
    };
  }, [collection]);
  return docs;
}

/** A document's label may be plain text or text per language. */
function docLabel(raw: unknown, lang: Lang): string {
  if (raw && typeof raw === 'object' && 'en' in raw) return pick(raw as LocalizedText, lang);
  return String(raw ?? '');
}

export function SelectWidget(props: WidgetProps) {
  const { field, lang, context, required, invalid, describedBy, disabled } = useWidgetField<FieldOf<'select'>>(props);
  const from = field.optionsFrom;
  const docs = useCollectionDocs(from?.collection);
  let choices: Choice[] = (field.options ?? []).map((o) => ({ value: o.value, label: optionLabel(o, lang) }));
  if (from) {
    // A filtered list (e.g. sub-departments) follows another answer of the same form.
    const filter = from.filter;
    const matching = (docs ?? []).filter((doc) => !filter || (context.data[filter.equalsAnswer] !== undefined && String(doc[filter.field]) === String(context.data[filter.equalsAnswer])));
    choices = matching.filter((doc) => doc[from.value] !== undefined && doc[from.value] !== null).map((doc) => ({ value: doc[from.value], label: docLabel(doc[from.label] ?? doc[from.value], lang) }));
    // While the list is missing, an answer restored from a draft stays selectable.
    if (docs === null && props.value !== undefined) choices.unshift({ value: props.value, label: String(props.value) });
  }
  const index = choices.findIndex((c) => c.value === props.value);
  return (
    <select
      id={props.id}
      name={props.id}
      className="input select"
      value={index < 0 ? '' : String(index)}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
      disabled={disabled}
      onChange={(event) => props.onChange(event.target.value === '' ? undefined : choices[Number(event.target.value)]?.value)}
      onBlur={() => props.onBlur(props.id, props.value)}
      onFocus={() => props.onFocus(props.id, props.value)}
    >
      <option value="">{props.placeholder || t('selectPlaceholder', lang)}</option>
      {choices.map((choice, i) => (
        <option key={`${i}-${String(choice.value)}`} value={String(i)}>
          {choice.label}
        </option>
      ))}
    </select>
  );
}
