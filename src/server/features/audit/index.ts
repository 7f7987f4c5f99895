// The audit feature's public face: what app.ts and other features may use.
import type { ServerFeature } from '../../core/feature.ts';
import { auditPlugin } from './plugin.ts';
export { recordAudit } from './audit-log.ts';
export { redactAudit, redactText } from './redact.ts';
export type { AuditAction, AuditRecord } from './audit-log.ts';

export const auditFeature: ServerFeature = { name: 'audit', plugins: [auditPlugin] };
