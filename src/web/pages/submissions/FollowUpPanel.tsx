// The follow-up of one submission on its console page: its state (FollowUpStateForm.tsx), who has
// it, what was done (internal notes, never shown to the guest), who resolved it when and with what
// outcome, whether its clock is paused while waiting for the guest, and its history (FollowUpHistory.tsx). Times are Doha's, as the
// venues' staff read them wherever the browser is.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_UP_NOTE_MAX_LENGTH, type FollowUp, type FollowUpChange, type StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { staffTime } from '../../staff/staffTime.ts';
import { changeFollowUp, OUTCOME_LABELS, staffName, type FollowUpAnswer } from './followUpApi.ts';
import { FollowUpStateForm } from './FollowUpStateForm.tsx';
import { FollowUpHistory } from './FollowUpHistory.tsx';

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

  async function send(change: FollowUpChange, done: string): Promise<boolean> {
    setStatus('');
    const answer: FollowUpAnswer = await changeFollowUp(collection, id, change, lang);
    if (answer.kind === 'saved') {
      setFollowUp(answer.followUp);
      setErrors({});
      setStatus(done);
      return true;
    }
    setErrors(answer.kind === 'invalid' ? answer.fieldErrors : {});
    if (answer.kind === 'failed') setStatus(answer.message ?? t('staffFollowUpFailed'));
    return false;
  }

  async function addNote(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (await send({ note: String(new FormData(form).get('note') ?? '') }, t('staffNoteAdded'))) form.reset();
  }

  const pausedAt = followUp.state === 'waiting-for-guest' ? followUp.clock?.pausedAt : null;
  return (
    <section className="console-followup" aria-labelledby="console-followup">
      <h2 id="console-followup">{t('staffFollowUp')}</h2>
      {followUp.resolvedAt && (
        <p className="console-note">
          {t('staffResolvedBy', { name: followUp.resolvedBy ? staffName(followUp.resolvedBy) : '?', at: staffTime(followUp.resolvedAt, lang) })}
        </p>
      )}
      {followUp.outcome && (
        <div className="console-outcome">
          <p>
            <strong>{t('staffOutcomeShown', { outcome: t(OUTCOME_LABELS[followUp.outcome]) })}</strong>
          </p>
          {followUp.outcomeNote && (
            <p dir="auto" className="console-note-text">
              {followUp.outcomeNote}
            </p>
          )}
        </div>
      )}
      {pausedAt && <p className="console-note">{t('staffWaitingPaused', { at: staffTime(pausedAt, lang) })}</p>}
      <FollowUpStateForm
        key={`${followUp.state}|${followUp.assignee?.id ?? ''}|${followUp.outcome ?? ''}`}
        followUp={followUp}
        assignees={assignees}
        errors={errors}
        send={(change) => send(change, t('staffFollowUpSaved'))}
        onMissingOutcome={(message) => setErrors({ outcome: message })}
      />
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
      <FollowUpHistory history={followUp.history} lang={lang} />
    </section>
  );
}
