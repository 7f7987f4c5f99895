// The page of any form route: what the route's loader fetched, rendered by the engine form in
// the page's language, or as a kiosk when the route or the address says so.
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePageData, usePageLocation } from '../shell/pageContext.tsx';
import { useShell } from '../shell/ShellContext.tsx';
import { loadAvailability, type FormPageData } from './formLoader.ts';
import { EngineForm } from './EngineForm.tsx';
import { FormUnavailable } from './FormUnavailable.tsx';
import { nativePostOutcome } from './nativePost.ts';
import { PageScriptsFrame } from './PageScriptsFrame.tsx';
import { OfflineBanner } from '../offline/OfflineBanner.tsx';
import { useHydrated } from './useHydrated.ts';
import { t } from '../../engine/text/messages.ts';
import type { Lang } from '../../engine/text/languages.ts';

/** Only a kiosk route needs the kiosk's parts: a guest's phone never downloads them. */
const KioskForm = lazy(() => import('./kiosk/KioskForm.tsx').then((module) => ({ default: module.KioskForm })));
/** What the device's offline queue says about this form (refused or expired submissions): read after hydration. */
const QueueNotices = lazy(() => import('../offline/QueueNotices.tsx'));
/** A waiver's returning-guest step (code by phone or email): only waiver pages download it, after hydration. */
const ReturningGuest = lazy(() => import('./ReturningGuest.tsx'));
import '../styles/form.css';

/**
 * The returning-guest step's place, kept from the server's render until its chunk is here: the
 * closed step's own box and title line, unseen, so the form below never moves when it comes.
 */
function ReturningGuestSlot({ lang }: { lang: Lang }) {
  return (
    <div className="returning-guest returning-guest-slot" aria-hidden="true">
      <p className="returning-guest-slot-title">{t('returningTitle', lang)}</p>
    </div>
  );
}

export default function FormPage() {
  const { loaded, sourced, optionDocs, kiosk, availability: loadedAvailability } = usePageData<FormPageData>();
  const { lang } = useShell();
  const { pathname, search } = usePageLocation();
  const hydrated = useHydrated();
  // A kept submission the server refused, taken back to correct it: the form starts again from its answers.
  const [corrected, setCorrected] = useState<{ answers: Record<string, unknown>; round: number } | null>(null);
  // The server's render of the page is reused for a while: once here, the form's availability is asked afresh (it may have filled up or closed since).
  const [availability, setAvailability] = useState(loadedAvailability);
  useEffect(() => {
    // Only a form with dates or limits (the server's answer says) asks again: a hydrated page asks the server for nothing it rendered with.
    if (!hydrated || loadedAvailability.state !== 'open' || !loadedAvailability.limited) return;
    let current = true;
    void loadAvailability(loaded.compiled.form, sourced).then((live) => current && setAvailability(live));
    return () => {
      current = false;
    };
  }, [hydrated, loadedAvailability, loaded, sourced]);
  const scripts = <PageScriptsFrame sourced={sourced} pathname={pathname} lang={lang} />;
  const banner = <OfflineBanner lang={lang} humanCheck={loaded.compiled.captcha !== null} />;
  // A post without JavaScript refused meanwhile keeps its answers on screen (with the reason); else the panel instead of the form.
  if (availability.state !== 'open' && nativePostOutcome()?.kind !== 'refused')
    return <FormUnavailable form={loaded.compiled.form} lang={lang} sourced={sourced} availability={availability} />;
  if (kiosk) {
    return (
      <>
        {scripts}
        {banner}
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
      {banner}
      {hydrated && (
        <Suspense>
          <QueueNotices
            formId={loaded.compiled.form.id}
            lang={lang}
            onCorrect={(answers) => setCorrected((last) => ({ answers, round: (last?.round ?? 0) + 1 }))}
          />
        </Suspense>
      )}
      {loaded.compiled.form.submit.evidence &&
        (hydrated ? (
          <Suspense fallback={<ReturningGuestSlot lang={lang} />}>
            <ReturningGuest
              formId={loaded.compiled.form.id}
              lang={lang}
              opened={new URLSearchParams(search).get('again') === '1'}
              onPrefill={(answers) => setCorrected((last) => ({ answers, round: (last?.round ?? 0) + 1 }))}
            />
          </Suspense>
        ) : (
          <ReturningGuestSlot lang={lang} />
        ))}
      <EngineForm
        key={`${loaded.compiled.id}:${corrected?.round ?? 0}`}
        loaded={loaded}
        lang={lang}
        sourced={sourced}
        optionDocs={optionDocs}
        native={native}
        initial={corrected?.answers}
      />
    </>
  );
}
