// The follow-up's state and assignee (FollowUpPanel.tsx): the states the case may go to from where
// it is (engine/cases/workflow.ts), and, when resolving, the outcome it names (a required radio
// group) with an optional note. Keyed by what is stored, so a save shows the stored state again.
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FOLLOW_UP_NOTE_MAX_LENGTH, FOLLOW_UP_OUTCOMES, type FollowUp, type FollowUpChange, type StaffMember } from '../../../engine/contract/followup.ts';
import { isFollowUpOutcome, nextStates, type FollowUpState } from '../../../engine/cases/workflow.ts';
import { OUTCOME_LABELS, STATE_LABELS, staffName } from './followUpApi.ts';

interface Props {
  followUp: FollowUp;
  assignees: StaffMember[];
  errors: Record<string, string>;
  send: (change: FollowUpChange) => Promise<unknown>;
  /** The refusal of a missing outcome, shown without asking the server. */
  onMissingOutcome: (message: string) => void;
}

function FieldError({ id, text }: { id: string; text: string | undefined }) {
  return (
    <p className="field-error" id={id} role="alert">
      {text ?? ''}
    </p>
  );
}

export function FollowUpStateForm({ followUp, assignees, errors, send, onMissingOutcome }: Props) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<FollowUpState>(followUp.state);
  const firstOutcome = useRef<HTMLInputElement>(null);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const assignee = String(data.get('assigneeId') ?? '');
    const state = String(data.get('state')) as FollowUpState;
    const change: FollowUpChange = { state, assigneeId: assignee ? Number(assignee) : null };
    if (state === 'resolved') {
      const outcome = data.get('outcome');
      if (!isFollowUpOutcome(outcome)) {
        onMissingOutcome(t('followUpOutcomeNeeded'));
        firstOutcome.current?.focus();
        return;
      }
      change.outcome = outcome;
      change.outcomeNote = String(data.get('outcomeNote') ?? '');
    }
    await send(change);
  }

  // Who is assigned stays offered even if they could no longer be chosen (e.g. a changed role).
  const people = followUp.assignee && !assignees.some((person) => person.id === followUp.assignee!.id) ? [followUp.assignee, ...assignees] : assignees;
  return (
    <form className="console-followup-form" onSubmit={save} noValidate>
      <fieldset className="option-group" aria-describedby={errors.state ? 'followup-state-error' : undefined}>
        <legend>{t('staffFollowUpState')}</legend>
        <div className="options">
          {nextStates(followUp.state).map((state) => (
            <label key={state} className="option">
              <input
                className="option-input"
                type="radio"
                name="state"
                value={state}
                defaultChecked={followUp.state === state}
                onChange={() => setChosen(state)}
              />
              <span>{t(STATE_LABELS[state])}</span>
            </label>
          ))}
        </div>
        <FieldError id="followup-state-error" text={errors.state} />
      </fieldset>
      {chosen === 'resolved' && (
        <>
          <fieldset className="option-group" aria-describedby={errors.outcome ? 'followup-outcome-error' : undefined}>
            <legend>{t('staffOutcome')}</legend>
            <div className="options">
              {FOLLOW_UP_OUTCOMES.map((outcome, index) => (
                <label key={outcome} className="option">
                  <input
                    ref={index === 0 ? firstOutcome : undefined}
                    className="option-input"
                    type="radio"
                    name="outcome"
                    value={outcome}
                    required
                    defaultChecked={followUp.outcome === outcome}
                    aria-invalid={errors.outcome ? true : undefined}
                  />
                  <span>{t(OUTCOME_LABELS[outcome])}</span>
                </label>
              ))}
            </div>
            <FieldError id="followup-outcome-error" text={errors.outcome} />
          </fieldset>
          <div className="field">
            <label className="field-label" htmlFor="followup-outcome-note">
              {t('staffOutcomeNote')}
            </label>
            <textarea
              id="followup-outcome-note"
              name="outcomeNote"
              className="input textarea"
              dir="auto"
              maxLength={FOLLOW_UP_NOTE_MAX_LENGTH}
              defaultValue={followUp.outcomeNote ?? ''}
              aria-invalid={errors.outcomeNote ? true : undefined}
              aria-describedby={errors.outcomeNote ? 'followup-outcome-note-error' : undefined}
            />
            <FieldError id="followup-outcome-note-error" text={errors.outcomeNote} />
          </div>
        </>
      )}
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
        <FieldError id="followup-assignee-error" text={errors.assigneeId} />
      </div>
      <button type="submit" className="button button-primary">
        {t('staffFollowUpSave')}
      </button>
    </form>
  );
}
