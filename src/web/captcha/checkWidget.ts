// What the human check frame (HumanCheck.tsx) and each check's widget (reCAPTCHA, ALTCHA) say to
// each other: the widget reports what the guest did, the frame verifies and words the outcome.
import type { Lang } from '../../engine/definition/definition.ts';
import type { MessageKey } from '../../engine/text/messages.ts';

export type CheckMessage = { key: MessageKey } | { text: string } | null;

export interface CheckWidgetProps {
  action: string;
  lang: Lang;
  /** The guest solved the check: the frame verifies the token with the backend; resolves false when it was refused. */
  onSolved: (token: Promise<string>) => Promise<boolean>;
  /** A solved check ran out of time before it was used. */
  onExpired: () => void;
  /** The check failed; the message says why, or null when the widget shows it itself (or has nothing to say). */
  onFailed: (message: CheckMessage) => void;
  /** The check's own code could not be loaded (no network, blocked): the frame offers to try again. */
  onUnavailable: () => void;
}
