// Who a data-subject request is about, read from the query or body: one email (compared without
// case) or one phone (written as the phone field stores it, E.164, by engine/checks/phones.ts). Each wrong
// input is a 400 naming its field, in the caller's language.
import { createHmac } from 'node:crypto';
import type { PersonKey } from '../../../engine/contract/privacy.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { t, type MessageKey } from '../../../engine/text/messages.ts';
import { toE164 } from '../../../engine/checks/phones.ts';
import { validationError } from '../../core/errors.ts';

export interface Person {
  by: PersonKey;
  /** Lower-case email, or E.164 phone. */
  value: string;
  /** The stored strings that are this person: the phone also as digits only, as the old app wrote it (each a key of migrations.ts's index). */
  matches: string[];
}

const EMAIL_MAX = 254;
/** One @, something on each side, a dot in the domain: enough to refuse a typo, not a full RFC 5322 check. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const refuse = (lang: Lang, path: string, key: MessageKey) => validationError(null, [{ path, message: t(key, lang) }]);

const given = (value: unknown) => typeof value === 'string' && value.trim() !== '';

export function readPerson(input: { email?: unknown; phone?: unknown }, lang: Lang): Person {
  if (given(input.email) && given(input.phone)) throw refuse(lang, 'phone', 'privacyOnePerson');
  if (given(input.email)) {
    const email = String(input.email).trim().toLowerCase();
    if (email.length > EMAIL_MAX || !EMAIL.test(email)) throw refuse(lang, 'email', 'email');
    return { by: 'email', value: email, matches: [email] };
  }
  if (given(input.phone)) {
    const phone = toE164(String(input.phone).replace(/[\s().-]/g, ''));
    if (!phone) throw refuse(lang, 'phone', 'phone');
    return { by: 'phone', value: phone, matches: [phone, phone.slice(1)] };
  }
  throw refuse(lang, 'email', 'privacyNeedPerson');
}

/** What the audit log keeps of the person: a keyed hash (the same person, the same hash), never the email or phone. */
export const personHash = (person: Person, secret: string) => createHmac('sha256', secret).update(`privacy:${person.by}:${person.value}`).digest('hex');
