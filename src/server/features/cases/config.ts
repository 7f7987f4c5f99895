// The cases feature's settings: the SMTP receiver for guests who answer a reply by pressing Reply
// (inbound/). Off unless INBOUND_SMTP_PORT is set. Its rows join the one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

const CASES_VARIABLES = [
  {
    name: 'INBOUND_SMTP_PORT',
    kind: 'number',
    default: null,
    description:
      "Port of the SMTP receiver for guests' replies to case emails (mail for case+<token>@INBOUND_MAIL_DOMAIN, stored as the guest's answer); unset = off. Point the domain's MX (or a provider's inbound relay) at it: README, Replying to the guest.",
  },
  {
    name: 'INBOUND_MAIL_DOMAIN',
    kind: 'text',
    default: null,
    description:
      "The mail domain of that receiver (e.g. 'replies.forms.example.com'): replies to the guest carry Reply-To case+<token>@ it; set with INBOUND_SMTP_PORT.",
  },
] as const satisfies readonly ConfigVariable[];

export interface CasesConfig {
  inbound: { port: number; domain: string } | null;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    cases: CasesConfig;
  }
}

function readCasesConfig(values: ConfigValues<VariableName<typeof CASES_VARIABLES>>): CasesConfig {
  const port = values.text('INBOUND_SMTP_PORT') === null ? null : values.number('INBOUND_SMTP_PORT');
  const domain = values.text('INBOUND_MAIL_DOMAIN')?.trim().toLowerCase() ?? null;
  if ((port === null) !== (domain === null)) throw new Error('INBOUND_SMTP_PORT and INBOUND_MAIL_DOMAIN are set together (or neither).');
  if (port !== null && (!Number.isInteger(port) || port < 0 || port > 65_535)) throw new Error(`INBOUND_SMTP_PORT must be a port number, got "${port}".`);
  if (domain !== null && !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(domain)) throw new Error(`INBOUND_MAIL_DOMAIN must be a domain name, got "${domain}".`);
  return { inbound: port === null || domain === null ? null : { port, domain } };
}

export const casesConfig: ConfigSection<'cases'> = { key: 'cases', variables: CASES_VARIABLES, read: readCasesConfig };
