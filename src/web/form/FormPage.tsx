// The page of any form route: what the route's loader fetched, rendered by the engine form in
// the page's language, or as a kiosk when the route or the address says so.
import { lazy, Suspense } from 'react';
import { useLoaderData, useLocation } from 'react-router-dom';
import { useShell } from '../shell/ShellContext.tsx';
import type { FormPageData } from './formLoader.ts';
import { EngineForm } from './EngineForm.tsx';
import { nativePostOutcome } from './nativePost.ts';
import { PageScriptsFrame } from './PageScriptsFrame.tsx';

/** Only a kiosk route needs the kiosk's parts: a guest's phone never downloads them. */
const KioskForm = lazy(() => import('./kiosk/KioskForm.tsx').then((module) => ({ default: module.KioskForm })));
import '../styles/form.css';

export default function FormPage() {
  const { loaded, sourced, optionDocs, kiosk } = useLoaderData() as FormPageData;
  const { lang } = useShell();
  const { pathname, search } = useLocation();
  const scripts = <PageScriptsFrame sourced={sourced} pathname={pathname} lang={lang} />;
  if (kiosk) {
    return (
      <>
        {scripts}
        <Suspense>
          <KioskForm key={loaded.compiled.id} kiosk={kiosk} loaded={loaded} lang={lang} sourced={sourced} optionDocs={optionDocs} />
        </Suspense>
      </>
    );
  }
  const native = { action: `${pathname}${search}`, posted: nativePostOutcome() };
  return (
    <>
      {scripts}
      <EngineForm key={loaded.compiled.id} loaded={loaded} lang={lang} sourced={sourced} optionDocs={optionDocs} native={native} />
    </>
  );
}
