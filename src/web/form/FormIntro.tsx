import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import type { Lang } from '../../engine/definition/definition.ts';
import { formText } from '../../engine/text/messages.ts';
import { useShell } from '../shell/ShellContext.tsx';
import { displayText, type SourcedValues } from './sourcedValues.ts';
import { BrandLogo } from '../shell/BrandLogo.tsx';

/**
 * The top of a form: the brand logo when the route hides the header, the form's title and
 * description, and the names of what the address pointed to (the store, the restaurant).
 */
export function FormIntro({ form, lang, sourced }: { form: ResolvedForm; lang: Lang; sourced: SourcedValues }) {
  const { settings, theme, logoUrl } = useShell();
  const places = Object.values(sourced).flatMap((s) => (s.state === 'found' ? (displayText(s, lang) ?? []) : []));
  return (
    <header className="form-intro">
      {settings.hideHeader && <BrandLogo className="form-logo" src={logoUrl} alt={theme.brand} height={56} />}
      {places.map((place) => (
        <p key={place} className="form-place" dir="auto">
          {place}
        </p>
      ))}
      <h1 className="form-title">{formText(form.id, form.title, lang)}</h1>
      {form.description && <p className="form-description">{formText(form.id, form.description, lang)}</p>}
    </header>
  );
}
