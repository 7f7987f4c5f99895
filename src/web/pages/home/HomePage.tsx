// /staff: what needs attention, of what the account reads (the server scopes it: a manager sees its
// venues): unread alerts and follow-ups in progress; per form (by its staff name) this week's
// submissions and mean rating beside last week's; the "Cases" headline of the week (opened, median
// first response, shares within the policy, recovery rate); the week's lowest-rated submissions, each a link;
// then the content staff can change. The pages it may open are in the navigation (StaffFrame).
import { useTranslation } from 'react-i18next';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import type { HomeForm, HomeWeek } from '../../../engine/contract/console-home.ts';
import { submissionConsolePath } from '../../../engine/contract/followup.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { StaffTable } from '../../ui/StaffTable.tsx';
import { staffCan } from '../../staff/requireStaff.ts';
import { staffLink } from '../../staff/staffLink.ts';
import { staffDuration, staffNumber, staffTime } from '../../staff/staffTime.ts';
import { Note } from '../../staff/frame.tsx';
import type { HomeData } from './homeLoader.ts';
import '../../staff/console.css';

export default function HomePage() {
  const { me, attention, content } = useLoaderData() as HomeData;
  const { lang } = useShell();
  const { t } = useTranslation();
  const { search } = useLocation();
  const number = staffNumber(lang);
  const mean = staffNumber(lang, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const titles = new Map(attention.forms.map((form) => [form.form, form.title[lang] ?? form.title.en]));

  /** "3 (1), up 2": this week's figure, last week's, and the change in words (never a colour alone). */
  const compared = (now: number | null, before: number | null, format: (value: number) => string) => {
    const shown = (value: number | null) => (value === null ? t('staffHomeNoRating') : format(value));
    const text = t('staffHomeCompared', { now: shown(now), before: shown(before) });
    if (now === null || before === null) return text;
    const change = Math.round((now - before) * 100) / 100;
    const words = change === 0 ? t('staffHomeSame') : t(change > 0 ? 'staffHomeUp' : 'staffHomeDown', { change: format(Math.abs(change)) });
    return `${text}, ${words}`;
  };
  const rating = (form: HomeForm, week: HomeWeek) => (form.ratingTop === null ? null : week.meanRating);
  const percent = staffNumber(lang, { style: 'percent', maximumFractionDigits: 1 });
  const { cases } = attention;
  const rate = (value: number | null) => (value === null ? t('insightsCasesNotYet') : percent.format(value));
  const ratingText = (top: number) => (value: number) => t('staffHomeRatingOf', { mean: mean.format(value), top: number.format(top) });

  return (
    <div className="console">
      <h1>{t('staffTitle')}</h1>
      <p className="console-who">{t('staffSignedInAs', { email: me.email })}</p>
      <ul className="console-links">
        <li>
          <Link to={staffLink('/staff/alerts', search)}>{t('alertsUnread', { count: number.format(attention.unreadAlerts) })}</Link>
        </li>
        <li>{t('staffHomeAttentionFollowUps', { count: number.format(attention.followUpsInProgress) })}</li>
        {attention.overdue > 0 && <li className="console-overdue">{t('staffHomeAttentionOverdue', { count: number.format(attention.overdue) })}</li>}
      </ul>
      <section aria-labelledby="console-cases">
        <h2 id="console-cases">{t('staffHomeCasesTitle')}</h2>
        {cases.opened === 0 ? (
          <Note>{t('staffHomeCasesNone')}</Note>
        ) : (
          <dl className="console-cases">
            <dt>{t('insightsCasesOpened')}</dt>
            <dd>{number.format(cases.opened)}</dd>
            <dt>{t('insightsCasesMedianFirst')}</dt>
            <dd>{cases.medianFirstResponseMs === null ? t('insightsCasesNotYet') : staffDuration(cases.medianFirstResponseMs, lang)}</dd>
            <dt>{t('insightsCasesAnsweredWithin')}</dt>
            <dd>{rate(cases.answeredWithinPolicy)}</dd>
            <dt>{t('insightsCasesResolvedWithin')}</dt>
            <dd>{rate(cases.resolvedWithinPolicy)}</dd>
            <dt>{t('insightsCasesRecoveryRate')}</dt>
            <dd>{rate(cases.recoveryRate)}</dd>
          </dl>
        )}
      </section>
      {attention.forms.length > 0 && (
        <section aria-labelledby="console-week">
          <h2 id="console-week">{t('staffHomeWeekTitle')}</h2>
          <Note>{t('staffHomeWeekNote')}</Note>
          <StaffTable
            caption={t('staffHomeWeekTitle')}
            columns={[t('staffColForm'), t('staffHomeColSubmissions'), t('staffHomeColRating'), t('staffHomeColFollowUps')]}
          >
            {attention.forms.map((form) => (
              <tr key={form.form}>
                <th scope="row">
                  <Link to={staffLink(`/staff/forms/${form.form}`, search)}>{titles.get(form.form)}</Link>
                </th>
                <td>{compared(form.thisWeek.submissions, form.lastWeek.submissions, (value) => number.format(value))}</td>
                <td>{form.ratingTop === null ? '' : compared(rating(form, form.thisWeek), rating(form, form.lastWeek), ratingText(form.ratingTop))}</td>
                <td>{number.format(form.followUpsInProgress)}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      )}
      <section aria-labelledby="console-lowest">
        <h2 id="console-lowest">{t('staffHomeLowestTitle')}</h2>
        {attention.lowest.length === 0 ? (
          <Note>{t('staffHomeLowestNone')}</Note>
        ) : (
          <StaffTable
            caption={t('staffHomeLowestTitle')}
            columns={[t('staffReference'), t('staffColForm'), t('staffHomeColVenue'), t('staffReceived'), t('staffHomeColRating')]}
          >
            {attention.lowest.map((item) => (
              <tr key={`${item.collection}-${item.id}`}>
                <th scope="row">
                  <Link className="console-reference" to={staffLink(submissionConsolePath(item.form, item.id), search)}>
                    {item.reference ?? item.id}
                  </Link>
                </th>
                <td>{titles.get(item.form)}</td>
                <td>{item.venue ?? ''}</td>
                <td>{staffTime(item.createdAt, lang)}</td>
                <td>{ratingText(item.ratingTop)(item.meanRating)}</td>
              </tr>
            ))}
          </StaffTable>
        )}
      </section>
      <section aria-labelledby="content">
        <h2 id="content" tabIndex={-1}>
          {t('staffContent')}
        </h2>
        {!staffCan(me, 'edit-content') && <p className="console-note">{t('staffReadOnly')}</p>}
        <ul className="console-links">
          {content
            .filter((item) => !item.global || staffCan(me, 'edit-content'))
            .map((item) => (
              <li key={item.id}>
                <Link to={staffLink(item.global ? `/staff/globals/${item.slug}` : `/staff/content/${item.slug}`, search)}>{item.title}</Link>
              </li>
            ))}
        </ul>
      </section>
    </div>
  );
}
