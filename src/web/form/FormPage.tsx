// The page of any form route: what the route's loader fetched, rendered by the engine form in
// the page's language, or as a kiosk when the route or the address says so.
import { useLoaderData } from 'react-router-dom';
import { useShell } from '../shell/ShellContext.tsx';
import type { FormPageData } from './formLoader.ts';
import { EngineForm } from './EngineForm.tsx';
import { KioskForm } from './kiosk/KioskForm.tsx';
import '../styles/form.css';

export default function FormPage() {
  const { loaded, sourced, optionDocs, kiosk } = useLoaderData() as FormPageData;
  const { lang } = useShell();
  if (kiosk) return <KioskForm key={loaded.compiled.id} kiosk={kiosk} loaded={loaded} lang={lang} sourced={sourced} optionDocs={optionDocs} />;
  return <EngineForm key={loaded.compiled.id} loaded={loaded} lang={lang} sourced={sourced} optionDocs={optionDocs} />;
}
