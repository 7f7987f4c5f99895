// The quotas feature's public face: forms that open, close and fill up (their definition's opens,
// closes, maxResponses, maxResponsesPerVenue). The create asks refuseUnavailable first; the
// places are taken by a submission hook in the create's transaction.
import type { ServerFeature } from '../../core/feature.ts';
import { QUOTAS_MIGRATIONS } from './migrations.ts';
import { quotasPlugin } from './plugin.ts';
import { takePlaces } from './quotas.ts';

export { availabilityOf, availabilityRefused, refuseUnavailable } from './quotas.ts';

export const quotasFeature: ServerFeature = { name: 'quotas', plugins: [quotasPlugin], migrations: QUOTAS_MIGRATIONS, submissionHooks: [takePlaces] };
