// /staff/distribution-points: QR table cards. Each point (a card on a table, a receipt, a poster)
// with its form, venue, source tag, short address and scans; its card as PDF and its QR code as
// SVG or PNG; a sheet of the selected cards (A4, 8 a page); a form to add a point or edit one. The
// server checks every field (a 400 naming it, in the page's language) and who manages which venue.
import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { DistributionPoint } from '../../../engine/contract/reach.ts';
import { SOURCE_TAG_MAX } from '../../../engine/contract/reach-names.ts';
import { apiUrl } from '../../api/runtimeConfig.ts';
import { useShell } from '../../shell/ShellContext.tsx';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';
import { staffNumber } from '../../staff/staffTime.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';
import type { PointsData } from './pointsLoader.ts';
import '../../styles/form.css';
import '../../staff/accounts.css';
import './points.css';

type Choices = PointsData['choices'];
type Draft = { name: string; form: string; venue: string; source: string };

const cardPath = (point: DistributionPoint) => `/api/distribution-points/${point.id}/card.pdf`;

export default function PointsPage() {
  const { points, choices } = useLoaderData() as PointsData;
  const { t } = useTranslation();
  const { lang } = useShell();
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<DistributionPoint | null>(null);
  const [sheetNote, setSheetNote] = useState('');
  const [notice, setNotice] = useState('');
  const formHeading = useRef<HTMLHeadingElement>(null);
  const count = staffNumber(lang);
  const formTitle = (id: string) => {
    const title = choices.find((choice) => choice.form === id)?.title;
    return title?.[lang] ?? title?.en ?? id;
  };
  const venueName = (form: string, slug: string) => choices.find((choice) => choice.form === form)?.venues.find((venue) => venue.slug === slug)?.name ?? slug;
  const toggle = (id: number, on: boolean) => {
    setSheetNote('');
    setSelected((current) => (on ? [...current, id] : current.filter((other) => other !== id)));
  };
  const shown = selected.filter((id) => points.some((point) => point.id === id));
  const edit = (point: DistributionPoint | null) => {
    setEditing(point);
    // The form is below the table: the keyboard goes where the change is.
    requestAnimationFrame(() => formHeading.current?.focus());
  };
  return (
    <section className="staff-admin points" aria-labelledby="points-title">
      <h1 id="points-title">{t('staffPointsTitle')}</h1>
      <p>{t('staffPointsIntro')}</p>
      {points.length === 0 ? (
        <p>{t('staffPointsNone')}</p>
      ) : (
        <>
          <StaffTable
            caption={t('staffPointsTitle')}
            captionVisible={false}
            columns={[
              t('staffPointsName'),
              t('staffPointsForm'),
              t('staffPointsVenue'),
              t('staffPointsSource'),
              t('staffPointsAddress'),
              t('staffPointsScans'),
              t('staffPointsDownloads'),
              t('staffPointsEdit', { name: '' }).trim(),
            ]}
          >
            {points.map((point) => (
              <tr key={point.id}>
                <th scope="row">
                  <span className="points-select">
                    <input
                      type="checkbox"
                      checked={shown.includes(point.id)}
                      onChange={(event) => toggle(point.id, event.target.checked)}
                      aria-label={t('staffPointsSelect', { name: point.name })}
                    />
                    <bdi>{point.name}</bdi>
                  </span>
                </th>
                <td>{formTitle(point.form)}</td>
                <td>
                  <bdi>{venueName(point.form, point.venue)}</bdi>
                </td>
                <td>
                  <bdi dir="ltr" translate="no">
                    {point.source}
                  </bdi>
                </td>
                <td>
                  <bdi dir="ltr" translate="no" className="points-address">
                    {point.shortUrl}
                  </bdi>
                </td>
                <td>{count.format(point.scans)}</td>
                <td>
                  <span className="points-downloads">
                    <a href={apiUrl(cardPath(point))}>
                      PDF<span className="visually-hidden">: {t('staffPointsCard', { name: point.name })}</span>
                    </a>
                    <a href={apiUrl(`/api/distribution-points/${point.id}/qr.svg`)} download>
                      SVG<span className="visually-hidden">: {t('staffPointsQr', { name: point.name })}</span>
                    </a>
                    <a href={apiUrl(`/api/distribution-points/${point.id}/qr.png`)} download>
                      PNG<span className="visually-hidden">: {t('staffPointsQr', { name: point.name })}</span>
                    </a>
                  </span>
                </td>
                <td>
                  <button type="button" className="button button-secondary button-small" onClick={() => edit(point)}>
                    <span aria-hidden="true">{t('staffPointsEdit', { name: '' }).trim()}</span>
                    <span className="visually-hidden">{t('staffPointsEdit', { name: point.name })}</span>
                  </button>
                </td>
              </tr>
            ))}
          </StaffTable>
          <p className="points-sheet">
            <a
              className="button button-primary"
              href={shown.length ? apiUrl(`/api/distribution-points/cards.pdf?ids=${shown.join(',')}`) : undefined}
              role={shown.length ? undefined : 'link'}
              aria-disabled={shown.length ? undefined : true}
              tabIndex={0}
              onClick={(event) => {
                if (shown.length) return;
                event.preventDefault();
                setSheetNote(t('staffPointsSheetNone'));
              }}
              onKeyDown={(event) => {
                if (shown.length || event.key !== 'Enter') return;
                event.preventDefault();
                setSheetNote(t('staffPointsSheetNone'));
              }}
            >
              {t('staffPointsSheet')}
            </a>
            <span role="status">{sheetNote}</span>
          </p>
        </>
      )}
      <p role="status">{notice}</p>
      <PointForm
        key={editing?.id ?? 'new'}
        point={editing}
        choices={choices}
        heading={formHeading}
        onDone={() => setEditing(null)}
        onDeleted={(name) => {
          setNotice(t('staffPointsDeleted', { name }));
          setEditing(null);
          requestAnimationFrame(() => formHeading.current?.focus());
        }}
      />
    </section>
  );
}

function PointForm({
  point,
  choices,
  heading,
  onDone,
  onDeleted,
}: {
  point: DistributionPoint | null;
  choices: Choices;
  heading: RefObject<HTMLHeadingElement | null>;
  onDone(): void;
  /** The point is gone (its short address answers 404 from now on; answers already given keep their source). */
  onDeleted(name: string): void;
}) {
  const { t } = useTranslation();
  const { lang } = useShell();
  const revalidator = useRevalidator();
  const first = choices[0];
  const [draft, setDraft] = useState<Draft>(
    point
      ? { name: point.name, form: point.form, venue: point.venue, source: point.source }
      : { name: '', form: first?.form ?? '', venue: first?.venues[0]?.slug ?? '', source: 'table' },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const [confirming, setConfirming] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const venues = choices.find((choice) => choice.form === draft.form)?.venues ?? [];
  if (choices.length === 0) return <p>{t('staffPointsNoForms')}</p>;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    const path = point ? `/api/distribution-points/${point.id}` : '/api/distribution-points';
    const answer = await staffRequest<{ doc?: DistributionPoint }>(point ? 'PATCH' : 'POST', `${path}?locale=${lang}`, draft).catch(() => null);
    if (answer && (answer.status === 200 || answer.status === 201)) {
      setErrors({});
      setStatus(t('staffPointsSaved', { name: answer.body.doc?.name ?? draft.name }));
      if (!point) setDraft((current) => ({ ...current, name: '' }));
      revalidator.revalidate();
      if (point) onDone();
      return;
    }
    const refusal = refusalOf(answer?.body ?? null);
    setErrors(Object.fromEntries(refusal.fields.map((field) => [field.path, field.message])));
    setStatus(t('staffPointsFailed'));
  }

  async function remove() {
    if (!point) return;
    setStatus('');
    const answer = await staffRequest('DELETE', `/api/distribution-points/${point.id}?locale=${lang}`).catch(() => null);
    if (answer?.status === 200) {
      revalidator.revalidate();
      onDeleted(point.name);
      return;
    }
    setConfirming(false);
    setStatus(refusalOf(answer?.body ?? null).text ?? t('staffPointsDeleteFailed'));
  }

  const describedBy = (name: string, help?: boolean) =>
    [help && `point-${name}-help`, errors[name] && `point-${name}-error`].filter(Boolean).join(' ') || undefined;
  const error = (name: string) => (
    <p className="field-error" id={`point-${name}-error`}>
      {errors[name] ?? ''}
    </p>
  );
  const set = (name: keyof Draft) => (event: { target: { value: string } }) => setDraft((current) => ({ ...current, [name]: event.target.value }));
  return (
    <form className="sign-in-form points-form" noValidate onSubmit={submit} aria-labelledby="point-form-title">
      <h2 id="point-form-title" ref={heading} tabIndex={-1}>
        {point ? t('staffPointsEditTitle', { name: point.name }) : t('staffPointsAdd')}
      </h2>
      <div className={`field${errors.name ? ' has-error' : ''}`}>
        <label className="field-label" htmlFor="point-name">
          {t('staffPointsName')}
        </label>
        <input
          id="point-name"
          className="input"
          dir="auto"
          value={draft.name}
          maxLength={120}
          onChange={set('name')}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={describedBy('name')}
        />
        {error('name')}
      </div>
      <div className={`field${errors.form ? ' has-error' : ''}`}>
        <label className="field-label" htmlFor="point-form">
          {t('staffPointsForm')}
        </label>
        <select
          id="point-form"
          className="input"
          value={draft.form}
          onChange={(event) => {
            const form = event.target.value;
            const own = choices.find((choice) => choice.form === form)?.venues ?? [];
            setDraft((current) => ({ ...current, form, venue: own.some((venue) => venue.slug === current.venue) ? current.venue : (own[0]?.slug ?? '') }));
          }}
          aria-invalid={errors.form ? true : undefined}
          aria-describedby={describedBy('form')}
        >
          {choices.map((choice) => (
            <option key={choice.form} value={choice.form}>
              {choice.title[lang] ?? choice.title.en ?? choice.form}
            </option>
          ))}
        </select>
        {error('form')}
      </div>
      <div className={`field${errors.venue ? ' has-error' : ''}`}>
        <label className="field-label" htmlFor="point-venue">
          {t('staffPointsVenue')}
        </label>
        <select
          id="point-venue"
          className="input"
          value={draft.venue}
          onChange={set('venue')}
          aria-invalid={errors.venue ? true : undefined}
          aria-describedby={describedBy('venue')}
        >
          {venues.map((venue) => (
            <option key={venue.slug} value={venue.slug}>
              {venue.name}
            </option>
          ))}
        </select>
        {error('venue')}
      </div>
      <div className={`field${errors.source ? ' has-error' : ''}`}>
        <label className="field-label" htmlFor="point-source">
          {t('staffPointsSource')}
        </label>
        <input
          id="point-source"
          className="input input-ltr"
          dir="ltr"
          value={draft.source}
          maxLength={SOURCE_TAG_MAX + 10}
          onChange={set('source')}
          aria-invalid={errors.source ? true : undefined}
          aria-describedby={describedBy('source', true)}
        />
        <p className="field-help" id="point-source-help">
          {t('staffPointsSourceHelp')}
        </p>
        {error('source')}
      </div>
      <div className="points-form-actions">
        <button type="submit" className="button button-primary">
          {t('staffPointsSave')}
        </button>
        {point && (
          <button type="button" className="button button-secondary" onClick={onDone}>
            {t('staffPointsCancel')}
          </button>
        )}
        {point && !confirming && (
          <button
            id="point-delete"
            type="button"
            className="button button-secondary"
            onClick={() => {
              setConfirming(true);
              requestAnimationFrame(() => confirmButton.current?.focus());
            }}
          >
            {t('staffPointsDelete')}
          </button>
        )}
      </div>
      {point && confirming && (
        <div className="points-delete" role="group" aria-labelledby="point-delete-question">
          <p id="point-delete-question">{t('staffPointsDeleteQuestion', { name: point.name })}</p>
          <div className="points-form-actions">
            <button ref={confirmButton} type="button" className="button button-primary" onClick={() => void remove()}>
              {t('staffPointsDeleteConfirm')}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              {t('staffPointsDeleteKeep')}
            </button>
          </div>
        </div>
      )}
      <p role="status">{status}</p>
    </form>
  );
}
