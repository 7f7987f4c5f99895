// The phone check is the server's own (engine/checks/phones.ts, libphonenumber-js), and its metadata is
// most of a form page's JavaScript: the page fetches it when a phone is first answered (typed, or
// restored from a draft), not before the form is shown. A submit with a phone waits for it.
import { useEffect, useState } from 'react';
import { answersOfType } from '../../engine/checks/answers.ts';
import type { PhoneCheck } from '../../engine/checks/answer-checks.ts';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import { withTimeout } from '../shell/chunkTimeout.ts';

let loaded: PhoneCheck | undefined;
let pending: Promise<PhoneCheck> | undefined;

export function loadPhoneCheck(): Promise<PhoneCheck> {
  pending ??= withTimeout(import('../../engine/checks/phones.ts')).then(
    (module) => (loaded = module.phoneErrors),
    (error: unknown) => {
      pending = undefined; // offline for now: the next phone answer tries again
      throw error;
    },
  );
  return pending;
}

/** Whether `data` holds a phone answer the check must see. */
export function answersPhone(form: ResolvedForm, data: Record<string, unknown>): boolean {
  return answersOfType(form, data, 'phone').some(({ value }) => typeof value === 'string' && value.trim() !== '');
}

/** The phone check once it is here (`given` at once, e.g. the preview's), fetched as soon as `data` answers a phone. */
export function usePhoneCheck(form: ResolvedForm, data: Record<string, unknown>, given: PhoneCheck | null): PhoneCheck | null {
  const [check, setCheck] = useState<PhoneCheck | null>(() => given ?? loaded ?? null);
  const needed = check === null && answersPhone(form, data);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    loadPhoneCheck().then(
      (found) => current && setCheck(() => found),
      () => {}, // the server checks the phone on submit all the same
    );
    return () => {
      current = false;
    };
  }, [needed]);
  return check ?? loaded ?? null;
}
