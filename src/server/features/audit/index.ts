// The audit feature's public face: what app.ts and other features may use.
export { listAudit, recordAudit } from './audit-log.ts';
