// /staff/users (admins): each user's roles (several may be held) and, for a venue manager, its
// venues, saved with the row's button (the server keeps the last admin and audits every grant);
// a 'disabled' box that saves at once (disabling ends the user's sessions); a form to add a user.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import type { VenueOption } from '../../../engine/contract/venues.ts';
import { refusalOf, staffRequest } from '../../staff/staffRequest.ts';
import { LAST_ADMIN } from '../../../engine/contract/errors.ts';
import { StaffTable } from '../../ui/StaffTable.tsx';
import type { ManagedUser, UsersData } from './usersLoader.ts';
import { RolesPicker, type RolesValue } from './RolesPicker.tsx';
import '../../styles/form.css';
import '../../staff/accounts.css';

export default function UsersPage() {
  const { users, venues } = useLoaderData() as UsersData;
  const { t } = useTranslation();
  return (
    <section className="staff-admin" aria-labelledby="users-title">
      <h1 id="users-title">{t('usersTitle')}</h1>
      <StaffTable caption={t('usersTitle')} columns={[t('signInEmail'), t('usersName'), t('signedInRole'), t('usersSignsInWith'), t('usersDisabled')]}>
        {users.map((user) => (
          <UserRow key={user.id} user={user} venueOptions={venues} />
        ))}
      </StaffTable>
      <AddUser venueOptions={venues} />
    </section>
  );
}

/** The server's refusal of a roles change in the page's words (its field errors name roles or venues). */
function refusalKey(status: number | undefined, body: unknown) {
  const error = refusalOf(body).fields[0];
  if (status !== 400 || !error) return 'signInUnavailable' as const;
  if (error.code === LAST_ADMIN) return 'usersLastAdmin' as const;
  return error.path === 'venues' ? ('usersVenuesNeedManager' as const) : ('usersNeedRole' as const);
}

function UserRow({ user, venueOptions }: { user: ManagedUser; venueOptions: VenueOption[] }) {
  const { t, i18n } = useTranslation();
  const [saved, setSaved] = useState<RolesValue>({ roles: user.roles, venues: user.venues });
  const [access, setAccess] = useState<RolesValue>(saved);
  const [disabled, setDisabled] = useState(user.disabled);
  const [status, setStatus] = useState('');
  async function send(change: Partial<RolesValue> & { disabled?: boolean }): Promise<boolean> {
    setStatus('');
    const answer = await staffRequest('PATCH', `/api/users/${user.id}`, change).catch(() => null);
    setStatus(answer?.status === 200 ? t('usersSaved') : t(refusalKey(answer?.status, answer?.body ?? null)));
    return answer?.status === 200;
  }
  /** On refusal (the last admin, no role) the boxes go back to what is stored and the status says why. */
  async function saveAccess(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (await send(access)) setSaved(access);
    else setAccess(saved);
  }
  async function saveDisabled(value: boolean) {
    setDisabled(value);
    if (!(await send({ disabled: value }))) setDisabled(!value);
  }
  const statusId = `user-${user.id}-status`;
  const venueNames = new Map(venueOptions.map((venue) => [venue.slug, venue.name]));
  return (
    <tr>
      <td dir="ltr">{user.email}</td>
      <td dir="auto">{user.name ?? ''}</td>
      <td>
        <form className="user-access" onSubmit={saveAccess}>
          <RolesPicker
            idPrefix={`user-${user.id}`}
            rolesLegend={t('usersRolesOf', { email: user.email })}
            venuesLegend={t('usersVenuesOf', { email: user.email })}
            legendsVisible={false}
            value={access}
            venueOptions={venueOptions}
            onChange={setAccess}
            describedBy={statusId}
          />
          {saved.venues.length > 0 && (
            <p className="field-help">
              {new Intl.ListFormat(i18n.language, { type: 'unit' }).format(saved.venues.map((slug) => venueNames.get(slug) ?? slug))}
            </p>
          )}
          <button type="submit" className="button">
            {t('usersSave')}
          </button>
          <p id={statusId} role="status" className="field-help">
            {status}
          </p>
        </form>
      </td>
      <td>{[user.password && t('usersPassword'), user.sso && t('usersCompany')].filter(Boolean).join(', ')}</td>
      <td>
        <input
          type="checkbox"
          id={`disabled-${user.id}`}
          checked={disabled}
          onChange={(event) => saveDisabled(event.target.checked)}
          aria-describedby={statusId}
        />
        <label className="visually-hidden" htmlFor={`disabled-${user.id}`}>
          {t('usersDisabledOf', { email: user.email })}
        </label>
      </td>
    </tr>
  );
}

function AddUser({ venueOptions }: { venueOptions: VenueOption[] }) {
  const { t } = useTranslation();
  const [access, setAccess] = useState<RolesValue>({ roles: ['employee'], venues: [] });
  const revalidator = useRevalidator();
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const data = { email: String(fields.get('email') ?? ''), password: String(fields.get('password') ?? ''), ...access };
    setStatus('');
    const answer = await staffRequest('POST', '/api/users', data).catch(() => null);
    if (answer?.status === 201) {
      setErrors({});
      setStatus(t('usersAdded', { email: data.email.trim().toLowerCase() }));
      form.reset();
      setAccess({ roles: ['employee'], venues: [] });
      revalidator.revalidate();
      return;
    }
    const fieldErrors = refusalOf(answer?.body).fields;
    if (!fieldErrors.length) setStatus(t('signInUnavailable'));
    setErrors(
      Object.fromEntries(
        fieldErrors.map((error) => [
          error.path,
          error.path === 'email'
            ? t(/already/.test(error.message) ? 'usersExists' : 'email')
            : error.path === 'password'
              ? t('usersPasswordRule')
              : error.path === 'venues'
                ? t('usersVenuesNeedManager')
                : error.path === 'roles'
                  ? t('usersNeedRole')
                  : t('required'),
        ]),
      ),
    );
  }
  const field = (name: string, label: string, type: string, autoComplete: string, help?: string) => (
    <div className={`field${errors[name] ? ' has-error' : ''}`}>
      <label className="field-label" htmlFor={`add-${name}`}>
        {label}
      </label>
      <input
        id={`add-${name}`}
        name={name}
        type={type}
        dir="ltr"
        className="input input-ltr"
        autoComplete={autoComplete}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={[help && `add-${name}-help`, errors[name] && `add-${name}-error`].filter(Boolean).join(' ') || undefined}
      />
      {help && (
        <p className="field-help" id={`add-${name}-help`}>
          {help}
        </p>
      )}
      <p className="field-error" id={`add-${name}-error`} role="alert">
        {errors[name] ?? ''}
      </p>
    </div>
  );
  return (
    <form className="sign-in-form" noValidate onSubmit={submit} aria-labelledby="add-user-title">
      <h2 id="add-user-title">{t('usersAdd')}</h2>
      {field('email', t('signInEmail'), 'email', 'off')}
      {field('password', t('signInPassword'), 'password', 'new-password', t('usersPasswordRule'))}
      <div className={`field${errors.roles || errors.venues ? ' has-error' : ''}`}>
        <RolesPicker
          idPrefix="add"
          rolesLegend={t('signedInRole')}
          venuesLegend={t('usersVenues')}
          legendsVisible
          value={access}
          venueOptions={venueOptions}
          onChange={setAccess}
          describedBy="add-roles-error"
        />
        <p className="field-error" id="add-roles-error" role="alert">
          {errors.roles ?? errors.venues ?? ''}
        </p>
      </div>
      <button type="submit" className="button button-primary">
        {t('usersAdd')}
      </button>
      <p role="status">{status}</p>
    </form>
  );
}
