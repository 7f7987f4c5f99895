// What a channel is to the alerts: the core's sending side (core/outbox/channel.ts) plus who a
// rule tells on it and what a rule's fields of it must be to be saved.
import type { Lang } from '../../../../engine/text/languages.ts';
import type { Channel } from '../../../core/outbox/channel.ts';
import type { FieldError } from '../../../core/errors.ts';
import type { AlertsConfig } from '../config.ts';

export type RuleData = Record<string, unknown>;

export interface AlertChannel<Name extends string = string> extends Channel<Name> {
  /** The rule's recipients on this channel, read from its stored fields; `venueManager` is the submission's venue's manager when the rule tells them. */
  recipients(rule: RuleData, venueManager: string | null): string[];
  /** What is wrong with the rule's fields of this channel, each problem naming its field, in the console's language. */
  ruleProblems(rule: RuleData, settings: AlertsConfig, lang: Lang): Promise<FieldError[]>;
}

/** Keeps the channel's name as its literal type (the table's union is made of them). */
export const alertChannel = <const Name extends string>(channel: AlertChannel<Name>): AlertChannel<Name> => channel;
