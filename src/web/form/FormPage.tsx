// The page of any form route: what the route's loader fetched, rendered by the generic guest
// form in the page's language.
import { useLoaderData } from 'react-router-dom';
import { useShell } from '../shell/ShellContext.tsx';
import type { FormPageData } from './formLoader.ts';
import { EngineForm } from './EngineForm.tsx';
import '../styles/form.css';

export default function FormPage() {
  const { loaded, sourced, optionDocs } = useLoaderData() as FormPageData;
  const { lang } = useShell();
  return <EngineForm key={loaded.compiled.id} loaded={loaded} lang={lang} sourced={sourced} optionDocs={optionDocs} />;
}
