// The server's checks after the schema (date limits, phone numbers: engine/checks/answer-checks.ts) run
// in the page too, as RJSF's customValidate, so the guest hears of them before sending, in the
// same words. An answer that already has a schema error keeps that one (as on the server).
import type { CustomValidator, ErrorSchema, FormValidation } from '@rjsf/utils';
import { answerErrors, type PhoneCheck } from '../../engine/checks/answer-checks.ts';
import type { ResolvedForm } from '../../engine/compiler/compiled.ts';
import { pruneHidden } from '../../engine/checks/conditions.ts';
import { todayIso } from '../../engine/text/format.ts';
import type { Lang } from '../../engine/text/languages.ts';

type Node = Record<string, unknown> | undefined;
const child = (node: Node, key: string): Node => (node && typeof node === 'object' ? (node[key] as Node) : undefined);

export function answerChecks(form: ResolvedForm, lang: Lang, phoneCheck: PhoneCheck | null, counts: (path: string) => boolean): CustomValidator {
  return (formData, errors: FormValidation, _uiSchema, errorSchema?: ErrorSchema) => {
    const data = pruneHidden(form, (formData ?? {}) as Record<string, unknown>);
    for (const error of answerErrors(form, data, todayIso(), lang, phoneCheck)) {
      const keys = error.path.split('.');
      const shown = keys.reduce<Node>((node, key) => child(node, key), errorSchema as Node);
      if ((shown?.__errors as unknown[] | undefined)?.length || !counts(error.path)) continue;
      const target = keys.reduce<Node>((node, key) => child(node, key), errors as unknown as Node) as FormValidation | undefined;
      target?.addError?.(error.message);
    }
    return errors;
  };
}
