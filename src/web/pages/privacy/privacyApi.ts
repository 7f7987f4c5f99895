// The privacy page's calls: search, export (downloaded as a file), erase. Answers are the shapes
// of engine/contract/privacy.ts; a refusal gives the server's message (in the page's language).
import type { LegalHoldAnswer, PersonKey, PrivacyEraseAnswer, PrivacySearchAnswer } from '../../../engine/contract/privacy.ts';
import { refusalOf, staffFetch, staffRequest } from '../../staff/staffRequest.ts';

export interface Person {
  by: PersonKey;
  value: string;
}

type Answer<T> = { ok: true; body: T } | { ok: false; message: string; field: string | null };

function refusal(status: number, body: unknown): { ok: false; message: string; field: string | null } {
  const said = refusalOf(body);
  return { ok: false, message: said.text ?? `HTTP ${status}`, field: said.fields[0]?.path ?? null };
}

const personQuery = (person: Person, lang: string) => new URLSearchParams({ [person.by]: person.value, locale: lang });

/** What was typed, as typed: the server says which is wrong (both given, neither, not a phone). */
export async function searchPerson(typed: Record<PersonKey, string>, lang: string): Promise<Answer<PrivacySearchAnswer>> {
  const query = new URLSearchParams({ locale: lang });
  for (const [key, value] of Object.entries(typed)) if (value.trim()) query.set(key, value.trim());
  const answer = await staffRequest<PrivacySearchAnswer>('GET', `/api/privacy/search?${query}`);
  return answer.status === 200 && answer.body ? { ok: true, body: answer.body } : refusal(answer.status, answer.body);
}

export async function erasePerson(person: Person, reason: string, lang: string): Promise<Answer<PrivacyEraseAnswer>> {
  const answer = await staffRequest<PrivacyEraseAnswer>('POST', `/api/privacy/erase?locale=${lang}`, { [person.by]: person.value, reason, confirm: true });
  return answer.status === 200 && answer.body ? { ok: true, body: answer.body } : refusal(answer.status, answer.body);
}

/** Places (with its reason) or, with null, lifts the legal hold on one submission. */
export async function setLegalHold(id: number, reason: string | null, lang: string): Promise<Answer<LegalHoldAnswer>> {
  const path = `/api/privacy/holds/${id}?locale=${lang}`;
  const answer = reason === null ? await staffRequest<LegalHoldAnswer>('DELETE', path) : await staffRequest<LegalHoldAnswer>('PUT', path, { reason });
  return answer.status === 200 && answer.body ? { ok: true, body: answer.body } : refusal(answer.status, answer.body);
}

/** Fetches the export and hands it to the browser as a download (the file name is the server's). */
export async function downloadExport(person: Person, format: 'json' | 'html', lang: string): Promise<Answer<string>> {
  const query = personQuery(person, lang);
  query.set('format', format);
  const response = await staffFetch(`/api/privacy/export?${query}`, { headers: { Accept: format === 'json' ? 'application/json' : 'text/html' } });
  if (!response.ok) return refusal(response.status, await response.json().catch(() => null));
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? `privacy-export.${format}`;
  const link = document.createElement('a');
  link.href = URL.createObjectURL(await response.blob());
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  return { ok: true, body: name };
}
