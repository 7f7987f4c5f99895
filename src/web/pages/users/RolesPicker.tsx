// The roles of an account as checkboxes (it may hold several), and, when one of them is a venue
// role (manager), the venues it is limited to as a second group of checkboxes: native controls,
// so they work with the keyboard (Tab, Space) and screen readers announce each group's name.
import { useTranslation } from 'react-i18next';
import { isVenueRole, ROLES, type Role } from '../../../engine/access/roles.ts';
import type { VenueOption } from '../../../engine/contract/venues.ts';
import { ROLE_NAMES } from '../../staff/session.ts';

export interface RolesValue {
  roles: Role[];
  venues: string[];
}

interface Props {
  /** Unique per picker on the page: the controls' ids start with it. */
  idPrefix: string;
  /** The groups' names as read aloud (e.g. "Roles of amal@example.com"). */
  rolesLegend: string;
  venuesLegend: string;
  /** Shown legends (the add form) or read only by screen readers (inside a table row). */
  legendsVisible: boolean;
  value: RolesValue;
  venueOptions: VenueOption[];
  onChange(value: RolesValue): void;
  describedBy?: string;
}

const toggled = <T,>(list: readonly T[], item: T, on: boolean): T[] =>
  on ? [...list.filter((other) => other !== item), item] : list.filter((other) => other !== item);

export function RolesPicker({ idPrefix, rolesLegend, venuesLegend, legendsVisible, value, venueOptions, onChange, describedBy }: Props) {
  const { t } = useTranslation();
  const legendClass = legendsVisible ? 'field-label' : 'visually-hidden';
  const venueRole = value.roles.some(isVenueRole);
  const setRole = (role: Role, on: boolean) => {
    const roles = ROLES.filter((option) => (option === role ? on : value.roles.includes(option)));
    // Venues go with a venue role only: without one they are cleared.
    onChange({ roles, venues: roles.some(isVenueRole) ? value.venues : [] });
  };
  return (
    <>
      <fieldset className="roles-picker" aria-describedby={describedBy}>
        <legend className={legendClass}>{rolesLegend}</legend>
        {ROLES.map((role) => (
          <div className="choice" key={role}>
            <input
              type="checkbox"
              id={`${idPrefix}-role-${role}`}
              name="roles"
              value={role}
              checked={value.roles.includes(role)}
              onChange={(event) => setRole(role, event.target.checked)}
            />
            <label htmlFor={`${idPrefix}-role-${role}`}>{t(ROLE_NAMES[role])}</label>
          </div>
        ))}
      </fieldset>
      {venueRole && (
        <fieldset className="roles-picker" aria-describedby={`${idPrefix}-venues-help`}>
          <legend className={legendClass}>{venuesLegend}</legend>
          <p className="field-help" id={`${idPrefix}-venues-help`}>
            {t('usersVenuesHelp')}
          </p>
          {venueOptions.map((venue) => (
            <div className="choice" key={venue.slug}>
              <input
                type="checkbox"
                id={`${idPrefix}-venue-${venue.slug}`}
                name="venues"
                value={venue.slug}
                checked={value.venues.includes(venue.slug)}
                onChange={(event) => onChange({ roles: value.roles, venues: toggled(value.venues, venue.slug, event.target.checked) })}
              />
              <label htmlFor={`${idPrefix}-venue-${venue.slug}`} dir="auto">
                {venue.name}
              </label>
            </div>
          ))}
        </fieldset>
      )}
    </>
  );
}
