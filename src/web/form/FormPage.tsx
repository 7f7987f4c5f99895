// The page of any form route: loads the form's build artefacts (suspending meanwhile, so the
// shell shows 'Loading page...') and renders the generic guest form in the page's language.
import { use } from 'react';
import { resolveLanguage } from '../../engine/language.ts';
import { useOfferedLanguages, useShell } from '../shell/ShellContext.tsx';
import { GuestForm } from './GuestForm.tsx';
import { loadForm } from './loadForm.ts';
import '../styles/form.css';

export default function FormPage({ formId }: { formId: string }) {
  const loaded = use(loadForm(formId));
  const { location } = useShell();
  useOfferedLanguages(loaded.compiled.languages);
  // Resolved here too, so the first render is already in the right language.
  const lang = resolveLanguage(location.query.get('lang'), loaded.compiled.languages);
  return <GuestForm key={formId} loaded={loaded} lang={lang} />;
}
