// A kiosk guest who walks away: `idleSeconds` after the last input (none counted before the first
// input of a fresh form) "Are you still there?" is asked for `stillThereSeconds`, then `onGone`
// clears the form; any input starts the wait again. The wait lives in a timer, not in state, so a
// keystroke re-renders nothing; the countdown shown is what is left of one deadline.
import { useEffect, useEffectEvent, useState } from 'react';
import type { Kiosk } from '../../../engine/waivers/kiosk.ts';

const INPUT_EVENTS = ['pointerdown', 'keydown', 'input', 'wheel', 'touchstart'] as const;

export function useKioskIdle(kiosk: Kiosk, active: boolean, onGone: () => void) {
  /** When the form is cleared unless someone answers "Are you still there?"; null while not asking. */
  const [deadline, setDeadline] = useState<number | null>(null);
  const [now, setNow] = useState(0);
  const gone = useEffectEvent(onGone);

  useEffect(() => {
    if (!active) return;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      const at = Date.now();
      setNow(at);
      setDeadline(at + kiosk.stillThereSeconds * 1000);
    };
    const onInput = () => {
      setDeadline(null);
      clearTimeout(idle);
      idle = setTimeout(ask, kiosk.idleSeconds * 1000);
    };
    for (const type of INPUT_EVENTS) document.addEventListener(type, onInput, { capture: true, passive: true });
    return () => {
      clearTimeout(idle);
      setDeadline(null);
      for (const type of INPUT_EVENTS) document.removeEventListener(type, onInput, { capture: true });
    };
  }, [active, kiosk]);

  useEffect(() => {
    if (deadline === null) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    const clear = setTimeout(() => {
      setDeadline(null);
      gone();
    }, deadline - Date.now());
    return () => {
      clearInterval(tick);
      clearTimeout(clear);
    };
  }, [deadline]);

  return {
    /** Seconds left before the form is cleared while "Are you still there?" is asked; null otherwise. */
    secondsLeft: deadline === null ? null : Math.min(kiosk.stillThereSeconds, Math.max(0, Math.ceil((deadline - now) / 1000))),
    stillHere: () => setDeadline(null),
  };
}
