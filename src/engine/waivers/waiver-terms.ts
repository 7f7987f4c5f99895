// What a guest agrees to when signing a waiver, in the words they were shown: every static text
// block of the definition (headings, checklist, notes, terms) and the consent wording beside the
// signature. The server fingerprints it into the evidence, the desk compares it with today's, the
// staff page and the signed copy show it. Pure: the texts come with the form (one language's
// i18next resources of the form version the guest saw).
import type { CompiledForm, ResolvedField } from '../compiler/compiled.ts';
import type { Lang } from '../text/languages.ts';

/** One form's texts per language, keyed as in CompiledForm (build/forms/locales/<lang>/<id>.json). */
export type FormTextsByLang = Partial<Record<Lang, Record<string, string>>>;

/** A compiled form together with its texts: what the form versions table keeps per hash. */
export type FormWithTexts = CompiledForm & { texts: FormTextsByLang };

export interface TermsBlock {
  name: string;
  style: 'heading' | 'paragraph' | 'note' | 'list' | 'terms';
  text: string;
  items: string[];
}

export interface WaiverTerms {
  language: Lang;
  blocks: TermsBlock[];
  /** The consent wording next to the signature ("By submitting this form you confirm ..."), or '' when the form has none. */
  consent: string;
}

type ContentField = Extract<ResolvedField, { type: 'content' }>;

/** The language the texts exist in: the one asked for when the form offers it, else the form's first. */
export function termsLanguage(form: Pick<CompiledForm, 'languages'>, lang: Lang): Lang {
  return form.languages.includes(lang) ? lang : form.languages[0];
}

export function termsOf(form: FormWithTexts, lang: Lang): WaiverTerms {
  const language = termsLanguage(form, lang);
  const texts = form.texts[language] ?? {};
  const text = (key: string | undefined) => (key === undefined ? '' : (texts[key] ?? ''));
  const sections = form.form.sections;
  const blocks = sections
    .flatMap((section) => section.fields)
    .filter((field): field is ContentField => field.type === 'content')
    .map((field) => ({ name: field.name, style: field.style, text: text(field.text), items: (field.items ?? []).map(text) }));
  // The consent beside the signature: the consent questions of the section that holds the signature pad.
  const signed = sections.find((section) => section.fields.some((field) => field.type === 'signature'));
  const consent = (signed?.fields ?? [])
    .filter((field) => field.type === 'consent')
    .map((field) => text((field as { label?: string }).label))
    .join('\n');
  return { language, blocks, consent };
}
