// A form route run as a kiosk (engine/waivers/kiosk.ts): the engine form keeping nothing of a guest on the
// device; after the thanks (the Form ID shown large) and after a guest walked away ("Are you still
// there?") a fresh, empty form in the kiosk's own language, the one it was opened in.
import { useEffect, useEffectEvent, useState } from 'react';
import { usePageLocation, usePageNavigate } from '../../shell/pageContext.tsx';
import type { Lang } from '../../../engine/definition/definition.ts';
import type { Kiosk } from '../../../engine/waivers/kiosk.ts';
import { t } from '../../../engine/text/messages.ts';
import { EngineForm } from '../EngineForm.tsx';
import type { LoadedForm } from '../loadForm.ts';
import type { OptionDocs } from '../optionLists.ts';
import type { SourcedValues } from '../sourcedValues.ts';
import { StillThere } from './StillThere.tsx';
import { WaitingCount } from './WaitingCount.tsx';
import { useKioskIdle } from './useKioskIdle.ts';
import './kiosk.css';

interface Props {
  kiosk: Kiosk;
  loaded: LoadedForm;
  lang: Lang;
  sourced: SourcedValues;
  optionDocs: OptionDocs;
}

export function KioskForm({ kiosk, loaded, lang, sourced, optionDocs }: Props) {
  const [ownLang] = useState(lang);
  // Each guest gets a new form (a new key): no answer, error or step of the one before stays.
  const [guest, setGuest] = useState(0);
  const [stored, setStored] = useState(false);
  const navigate = usePageNavigate();
  const { search } = usePageLocation();
  const nextGuest = () => {
    setGuest((n) => n + 1);
    setStored(false);
    window.scrollTo(0, 0);
    if (lang === ownLang) return;
    const query = new URLSearchParams(search);
    query.set('lang', ownLang);
    navigate(`?${query.toString()}`, { replace: true });
  };
  const idle = useKioskIdle(kiosk, !stored, nextGuest);
  const thanksOver = useEffectEvent(nextGuest);
  useEffect(() => {
    if (!stored) return;
    const timer = setTimeout(thanksOver, kiosk.thankYouSeconds * 1000);
    return () => clearTimeout(timer);
  }, [stored, kiosk.thankYouSeconds]);

  const thanksFooter = (
    <div className="kiosk-next-guest">
      <p>{t('kioskNextGuest', lang, { count: kiosk.thankYouSeconds })}</p>
      <button type="button" className="button button-secondary" onClick={nextGuest}>
        {t('kioskStartAgain', lang)}
      </button>
    </div>
  );
  return (
    <div className="kiosk" data-kiosk-guest={guest}>
      <EngineForm
        key={guest}
        loaded={loaded}
        lang={lang}
        sourced={sourced}
        optionDocs={optionDocs}
        remember={false}
        onStored={() => setStored(true)}
        thanksFooter={thanksFooter}
      />
      <WaitingCount lang={lang} />
      {idle.secondsLeft !== null && <StillThere lang={lang} secondsLeft={idle.secondsLeft} onStillHere={idle.stillHere} />}
    </div>
  );
}
