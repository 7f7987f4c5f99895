// The waivers feature's public face: the form versions guests were shown (kept by hash, for the
// staff page and the signed copy) and the waiver desk (search and check-in at /staff/waivers).
import type { ServerFeature } from '../../core/feature.ts';
import { keepFormVersion } from './form-versions.ts';
import { WAIVERS_MIGRATIONS } from './migrations.ts';
import { waiversPlugin } from './plugin.ts';
export { formVersionSeen } from './form-versions.ts';

export const waiversFeature: ServerFeature = { name: 'waivers', plugins: [waiversPlugin], migrations: WAIVERS_MIGRATIONS, submissionHooks: [keepFormVersion] };
// The desk's check-in and its refusals, for a party's check-in (features/parties).
export { checkInRefusal, checkInWaiverPerson, waiverTermsChecker, type TermsOfRow } from './check-in.ts';
export { checkInsOf } from './desk-search.ts';
