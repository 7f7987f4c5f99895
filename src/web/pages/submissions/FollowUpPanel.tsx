// The follow-up of one submission on its console page: its state, who has it, what was done
// (internal notes, never shown to the guest) and who resolved it when. Times are Doha's, as the
// venues' staff read them wherever the browser is.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_UP_NOTE_MAX_LENGTH, FOLLOW_UP_STATES, type FollowUp, type FollowUpState, type StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { changeFollowUp, STATE_LABELS, staffName, type FollowUpOutcome } from './followUpApi.ts';

interface Props {
  collection: string;
  id: number;
  lang: Lang;
  initial: FollowUp;
  assignees: StaffMember[];
}

export function FollowUpPanel({ collection, id, lang, initial, assignees }: Props) {
  const { t } = useTranslation();
  const [followUp, setFollowUp] = useState(initial);
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function send(change: Parameters<typeof changeFollowUp>[2], done: string): Promise<boolean> {
    setStatus('');
    const outcome: FollowUpOutcome = await changeFollowUp(collection, id, change, lang);
    if (outcome.kind === 'saved') {
      setFollowUp(outcome.followUp);
      setErrors({});
      setStatus(done);
      return true;
    }
    setErrors(outcome.kind === 'invalid' ? outcome.fieldErrors : {});
    if (outcome.kind === 'failed') setStatus(outcome.message ?? t('staffFollowUpFailed'));
    return false;
  }

  async function saveStateAndAssignee(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const assignee = String(data.get('assigneeId') ?? '');
    await send({ state: String(data.get('state')) as FollowUpState, assigneeId: assignee ? Number(assignee) : null }, t('staffFollowUpSaved'));
  }

  async function addNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (await send({ note: String(new FormData(form).get('note') ?? '') }, t('staffNoteAdded'))) form.reset();
  }

  // Who is assigned stays offered even if they could no longer be chosen (e.g. a changed role).
  const people = followUp.assignee && !assignees.some((person) => person.id === followUp.assignee!.id) ? [followUp.assignee, ...assignees] : assignees;
  return (
    <section className="console-followup" aria-labelledby="console-followup">
      <h2 id="console-followup">{t('staffFollowUp')}</h2>
      {followUp.resolvedAt && (
        <p className="console-note">
          {t('staffResolvedBy', { name: followUp.resolvedBy ? staffName(followUp.resolvedBy) : '?', at: staffTime(followUp.resolvedAt, lang) })}
        </p>
      )}
      <form className="console-followup-form" onSubmit={saveStateAndAssignee} key={`${followUp.state}|${followUp.assignee?.id ?? ''}`}>
        <fieldset className="option-group" aria-describedby={errors.state ? 'followup-state-error' : undefined}>
          <legend>{t('staffFollowUpState')}</legend>
          <div className="options">
            {FOLLOW_UP_STATES.map((state) => (
              <label key={state} className="option">
                <input className="option-input" type="radio" name="state" value={state} defaultChecked={followUp.state === state} />
                <span>{t(STATE_LABELS[state])}</span>
              </label>
            ))}
          </div>
          <p className="field-error" id="followup-state-error" role="alert">
            {errors.state ?? ''}
          </p>
        </fieldset>
        <div className="field">
          <label className="field-label" htmlFor="followup-assignee">
            {t('staffAssignee')}
          </label>
          <select
            id="followup-assignee"
            name="assigneeId"
            className="input"
            defaultValue={followUp.assignee?.id ?? ''}
            aria-invalid={errors.assigneeId ? true : undefined}
            aria-describedby={errors.assigneeId ? 'followup-assignee-error' : undefined}
          >
            <option value="">{t('staffNobody')}</option>
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {staffName(person)}
              </option>
            ))}
          </select>
          <p className="field-error" id="followup-assignee-error" role="alert">
            {errors.assigneeId ?? ''}
          </p>
        </div>
        <button type="submit" className="button button-primary">
          {t('staffFollowUpSave')}
        </button>
      </form>
      <form className="console-followup-form" onSubmit={addNote} noValidate>
        <div className="field">
          <label className="field-label" htmlFor="followup-note">
            {t('staffNote')}
          </label>
          <textarea
            id="followup-note"
            name="note"
            className="input textarea"
            dir="auto"
            maxLength={FOLLOW_UP_NOTE_MAX_LENGTH}
            aria-invalid={errors.note ? true : undefined}
            aria-describedby={errors.note ? 'followup-note-error' : undefined}
          />
          <p className="field-error" id="followup-note-error" role="alert">
            {errors.note ?? ''}
          </p>
        </div>
        <button type="submit" className="button">
          {t('staffAddNote')}
        </button>
      </form>
      <p role="status" className="console-note">
        {status}
      </p>
      <h3 id="console-notes">{t('staffNotes')}</h3>
      {followUp.notes.length === 0 ? (
        <p className="console-note">{t('staffNoNotes')}</p>
      ) : (
        <ol className="console-notes" aria-labelledby="console-notes">
          {followUp.notes.map((note) => (
            <li key={note.id}>
              <p dir="auto" className="console-note-text">
                {note.text}
              </p>
              <p className="console-note">{t('staffNoteBy', { author: note.author ? staffName(note.author) : '?', at: staffTime(note.createdAt, lang) })}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
