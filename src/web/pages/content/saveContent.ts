// What the content form sends when a staff member saves: the answers as the document the API
// stores (engine/compiler/content-shape.ts), with null for every part left empty so a cleared field is
// cleared, and the server's answer in the form's own terms (errors placed on their questions).
import type { ResolvedForm } from '../../../engine/compiler/compiled.ts';
import { answerPathOf, answersToDocument, documentKeys } from '../../../engine/compiler/content-shape.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import type { FormData } from '../../form/context.ts';
import type { SubmitOutcome } from '../../form/submitAnswers.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';

interface Target {
  slug: string;
  id: string | null;
  global: boolean;
}

interface SaveAnswer {
  doc?: Record<string, unknown>;
  result?: Record<string, unknown>;
}

export function contentSaver(form: ResolvedForm, target: Target) {
  return async (_collection: string, data: FormData, options: { lang: Lang }): Promise<SubmitOutcome> => {
    const doc = answersToDocument(form, data);
    for (const key of documentKeys(form)) if (!(key in doc)) doc[key] = null;
    const base = target.global ? `/api/globals/${target.slug}` : target.id ? `/api/${target.slug}/${target.id}` : `/api/${target.slug}`;
    const method = target.id && !target.global ? 'PATCH' : 'POST';
    let answer;
    try {
      answer = await staffRequest<SaveAnswer | null>(method, `${base}?locale=${options.lang}`, doc);
    } catch {
      return { kind: 'unreachable' };
    }
    if (answer.status === 200 || answer.status === 201) return { kind: 'created', doc: answer.body?.doc ?? answer.body?.result ?? {} };
    const refusal = refusalOf(answer.body);
    const fieldErrors = refusal.fields.filter((error) => error.path);
    if (fieldErrors.length) return { kind: 'invalid', status: answer.status, fieldErrors: fieldErrors.map((error) => ({ path: answerPathOf(form, error.path), message: error.message })) };
    return { kind: 'rejected', status: answer.status, message: refusal.message ?? undefined };
  };
}
