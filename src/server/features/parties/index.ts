// The parties feature's public face: one waiver link for a group (/p/{code}), each waiver signed
// through it linked to the party (a submission hook), the organiser's roster by a mailed signed
// link, and the desk's parties of the day with their roster, PDF and check-in.
import type { ServerFeature } from '../../core/feature.ts';
import { PARTIES_MIGRATIONS } from './migrations.ts';
import { linkToParty } from './party-hook.ts';
import { partiesPlugin } from './plugin.ts';

export { countExpiredParties, deleteExpiredParties, eraseOrganiser, partiesOfOrganiser, partyByCode, type PartyRow } from './party-store.ts';

export const partiesFeature: ServerFeature = { name: 'parties', plugins: [partiesPlugin], migrations: PARTIES_MIGRATIONS, submissionHooks: [linkToParty] };
