// The digest feature's settings: the Doha weekday and hour its weekly step sends at. Its rows join
// the one configuration table (core/config.ts).
import type { ConfigSection, ConfigValues, ConfigVariable, VariableName } from '../../core/config.ts';

export const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

const DIGEST_VARIABLES = [
  {
    name: 'DIGEST_DAY',
    kind: 'text',
    default: 'monday',
    description:
      "Weekday (Doha time) the weekly digest is sent to every staff account that reads submissions ('monday' ... 'sunday'); each account at most once per ISO week.",
  },
  {
    name: 'DIGEST_HOUR',
    kind: 'number',
    default: '6',
    description: 'Hour (0-23, Doha time) of DIGEST_DAY the weekly digest is sent at; a server stopped then sends it when it starts again.',
  },
] as const satisfies readonly ConfigVariable[];

export interface DigestConfig {
  /** 0 = Sunday ... 6 = Saturday (Date.getUTCDay's). */
  day: number;
  hour: number;
}

declare module '../../core/config.ts' {
  interface FeatureSettings {
    digest: DigestConfig;
  }
}

function readDigestConfig(values: ConfigValues<VariableName<typeof DIGEST_VARIABLES>>): DigestConfig {
  const dayName = (values.text('DIGEST_DAY') ?? 'monday').trim().toLowerCase();
  const day = (WEEKDAYS as readonly string[]).indexOf(dayName);
  if (day < 0) throw new Error(`DIGEST_DAY must be a weekday (${WEEKDAYS.join(', ')}), got "${dayName}".`);
  const hour = values.number('DIGEST_HOUR');
  if (!Number.isInteger(hour) || hour > 23) throw new Error(`DIGEST_HOUR must be a whole hour from 0 to 23, got "${hour}".`);
  return { day, hour };
}

export const digestConfig: ConfigSection<'digest'> = { key: 'digest', variables: DIGEST_VARIABLES, read: readDigestConfig };
