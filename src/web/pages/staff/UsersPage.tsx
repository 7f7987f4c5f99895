// /staff/users (admins): each user's role as a select and a 'disabled' box that save at once (the
// server keeps the last admin; disabling ends the user's sessions), and a form to add a user.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator } from 'react-router-dom';
import { ROLES, type Role } from '../../../engine/roles.ts';
import { sessionRequest } from '../../shell/requireSignIn.ts';
import type { ManagedUser, UsersData } from './usersLoader.ts';
import { ROLE_NAMES } from './session.ts';
import '../../styles/form.css';
import './staff.css';

export default function UsersPage() {
  const { users } = useLoaderData() as UsersData;
  const { t } = useTranslation();
  return (
    <section className="staff-admin" aria-labelledby="users-title">
      <h1 id="users-title">{t('usersTitle')}</h1>
      <div className="staff-table-wrap">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('signInEmail')}</th>
              <th scope="col">{t('usersName')}</th>
              <th scope="col">{t('signedInRole')}</th>
              <th scope="col">{t('usersSignsInWith')}</th>
              <th scope="col">{t('usersDisabled')}</th>
            </tr>
          </thead>
          <tbody>
            {users.map((user) => (
              <UserRow key={user.id} user={user} />
            ))}
          </tbody>
        </table>
      </div>
      <AddUser />
    </section>
  );
}

function UserRow({ user }: { user: ManagedUser }) {
  const { t } = useTranslation();
  const [role, setRole] = useState<Role>(user.role);
  const [disabled, setDisabled] = useState(user.disabled);
  const [status, setStatus] = useState('');
  /** Saves at once; on refusal (the last admin) the control goes back and says why. */
  async function save(change: { role?: Role; disabled?: boolean }) {
    const before = { role, disabled };
    if (change.role) setRole(change.role);
    if (change.disabled !== undefined) setDisabled(change.disabled);
    setStatus('');
    const answer = await sessionRequest('PATCH', `/api/users/${user.id}`, change).catch(() => null);
    if (answer?.status === 200) setStatus(t('usersSaved'));
    else {
      setRole(before.role);
      setDisabled(before.disabled);
      setStatus(answer?.status === 400 ? t('usersLastAdmin') : t('signInUnavailable'));
    }
  }
  const selectId = `role-${user.id}`;
  return (
    <tr>
      <td dir="ltr">{user.email}</td>
      <td dir="auto">{user.name ?? ''}</td>
      <td>
        <label className="visually-hidden" htmlFor={selectId}>
          {t('usersRoleOf', { email: user.email })}
        </label>
        <select id={selectId} className="input" value={role} onChange={(event) => save({ role: event.target.value as Role })} aria-describedby={`${selectId}-status`}>
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {t(ROLE_NAMES[option])}
            </option>
          ))}
        </select>
        <p id={`${selectId}-status`} role="status" className="field-help">
          {status}
        </p>
      </td>
      <td>{[user.password && t('usersPassword'), user.sso && t('usersCompany')].filter(Boolean).join(', ')}</td>
      <td>
        <input type="checkbox" id={`disabled-${user.id}`} checked={disabled} onChange={(event) => save({ disabled: event.target.checked })} aria-describedby={`${selectId}-status`} />
        <label className="visually-hidden" htmlFor={`disabled-${user.id}`}>
          {t('usersDisabledOf', { email: user.email })}
        </label>
      </td>
    </tr>
  );
}

function AddUser() {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const [status, setStatus] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>;
    setStatus('');
    const answer = await sessionRequest<{ errors?: { data?: { errors?: { path: string; message: string }[] } }[] }>('POST', '/api/users', data).catch(() => null);
    if (answer?.status === 201) {
      setErrors({});
      setStatus(t('usersAdded', { email: data.email.trim().toLowerCase() }));
      form.reset();
      revalidator.revalidate();
      return;
    }
    const fieldErrors = answer?.body?.errors?.[0]?.data?.errors ?? [];
    if (!fieldErrors.length) setStatus(t('signInUnavailable'));
    setErrors(
      Object.fromEntries(
        fieldErrors.map((error) => [error.path, error.path === 'email' ? t(/already/.test(error.message) ? 'usersExists' : 'email') : error.path === 'password' ? t('usersPasswordRule') : t('required')]),
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
      <div className="field">
        <label className="field-label" htmlFor="add-role">
          {t('signedInRole')}
        </label>
        <select id="add-role" name="role" className="input" defaultValue="employee">
          {ROLES.map((option) => (
            <option key={option} value={option}>
              {t(ROLE_NAMES[option])}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary">
        {t('usersAdd')}
      </button>
      <p role="status">{status}</p>
    </form>
  );
}
