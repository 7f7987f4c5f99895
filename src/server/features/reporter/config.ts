// The reporter feature's setting: where a report's clock escalates when its acknowledgement or its
// feedback is overdue. Its row joins the one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const REPORTER_VARIABLES = [
  {
    name: 'COMPLIANCE_ESCALATION_EMAIL',
    kind: 'text',
    default: null,
    description:
      "Address told when a whistle-blowing report's acknowledgement or feedback is overdue (the form's reporterAccess periods, e.g. 7 days and 3 months): reference and console link only. Unset = the accounts with the compliance role are told.",
  },
] as const satisfies readonly ConfigVariable[];

export interface ReporterConfig {
  escalationEmail: string | null;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    reporter: ReporterConfig;
  }
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function readReporterConfig(values: ConfigValues<VariableName<typeof REPORTER_VARIABLES>>): ReporterConfig {
  const email = values.text('COMPLIANCE_ESCALATION_EMAIL')?.trim() || null;
  if (email !== null && (email.length > 254 || !EMAIL.test(email)))
    throw new Error(`COMPLIANCE_ESCALATION_EMAIL must be one email address (e.g. compliance-lead@example.com), got "${email}".`);
  return { escalationEmail: email };
}

export const reporterConfig: ConfigSection<'reporter'> = { key: 'reporter', variables: REPORTER_VARIABLES, read: readReporterConfig };
