// The privacy feature's public face: data-subject requests for admins (GET /api/privacy/search,
// GET /api/privacy/export, POST /api/privacy/erase) and legal holds on single submissions
// (PUT/DELETE /api/privacy/holds/{id}), the console's /staff/privacy.
import type { ServerFeature } from '../../core/feature.ts';
import { legalHoldsPlugin } from './legal-holds-plugin.ts';
import { PRIVACY_MIGRATIONS } from './migrations.ts';
import { privacyPlugin } from './plugin.ts';

export const privacyFeature: ServerFeature = { name: 'privacy', plugins: [privacyPlugin, legalHoldsPlugin], migrations: PRIVACY_MIGRATIONS };
