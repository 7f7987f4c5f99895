// The submissions list's choices beyond the search and dates (SubmissionsPage.tsx): follow-up
// state (waiting for the guest among them), assignee and due time (overdue, due today), the venue (when the form names one) and a range on one rating question.
// Plain selects in the list's GET form, so the filter is the page's address.
import { useTranslation } from 'react-i18next';
import type { ResolvedForm } from '../../../engine/compiler/compiled.ts';
import { FOLLOW_UP_STATES, type StaffMember } from '../../../engine/contract/followup.ts';
import type { Lang } from '../../../engine/text/languages.ts';
import { formText } from '../../../engine/text/messages.ts';
import { ratingFields, ratingTop } from '../../../engine/insights/rating-range.ts';
import { STATE_LABELS, staffName } from './followUpApi.ts';
import type { SubmissionsData } from './submissionsLoader.ts';
import { DUE_FILTERS } from './submissionSearch.ts';
import type { MessageKey } from '../../../engine/text/messages.ts';

const DUE_LABELS: Record<(typeof DUE_FILTERS)[number], MessageKey> = { overdue: 'staffDueOverdue', today: 'staffDueToday' };

interface Props {
  formId: string;
  form: ResolvedForm;
  textLang: Lang;
  filter: SubmissionsData['filter'];
  assignees: StaffMember[];
  venues: string[] | null;
}

function Choice({ name, label, value, choices, lang }: { name: string; label: string; value: string; choices: [string, string][]; lang?: Lang }) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value} lang={lang}>
        {choices.map(([choice, text]) => (
          <option key={choice} value={choice}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
}

export function FollowUpFilters({ formId, form, textLang, filter, assignees, venues }: Props) {
  const { t } = useTranslation();
  const ratings = ratingFields(form);
  const positions = Array.from({ length: Math.max(0, ...ratings.map(ratingTop)) }, (_, index) => String(index + 1));
  return (
    <>
      <Choice
        name="state"
        label={t('staffFollowUpState')}
        value={filter.state}
        choices={[['', t('staffAnyState')], ...FOLLOW_UP_STATES.map((state): [string, string] => [state, t(STATE_LABELS[state])])]}
      />
      <Choice
        name="assignee"
        label={t('staffAssignee')}
        value={filter.assignee}
        choices={[['', t('staffAnyone')], ...assignees.map((person): [string, string] => [String(person.id), staffName(person)])]}
      />
      <Choice
        name="due"
        label={t('staffDue')}
        value={filter.due}
        choices={[['', t('staffDueAny')], ...DUE_FILTERS.map((due): [string, string] => [due, t(DUE_LABELS[due])])]}
      />
      {venues && (
        <Choice
          name="venue"
          label={t('staffVenue')}
          value={filter.venue}
          choices={[['', t('staffAnyVenue')], ...venues.map((venue): [string, string] => [venue, venue])]}
        />
      )}
      {ratings.length > 0 && (
        <>
          <Choice
            name="rating"
            label={t('staffRating')}
            value={filter.rating}
            lang={textLang}
            choices={[['', t('staffNoRating')], ...ratings.map((field): [string, string] => [field.name, formText(formId, field.label, textLang)])]}
          />
          <Choice
            name="min"
            label={t('staffRatingMin')}
            value={filter.min}
            choices={[['', '–'], ...positions.map((position): [string, string] => [position, position])]}
          />
          <Choice
            name="max"
            label={t('staffRatingMax')}
            value={filter.max}
            choices={[['', '–'], ...positions.map((position): [string, string] => [position, position])]}
          />
        </>
      )}
    </>
  );
}
