// A form route run as a kiosk (a shared tablet at a venue's desk): nothing of a guest kept on the
// device, the form cleared after the thanks and after a guest walks away. Switched on by the
// address (?kiosk=1) or by the route's own `kiosk` setting in routes.json; its timings, with their
// defaults, are here and nowhere else (the routes.json setting's schema: contract/kiosk-setting.ts,
// apart so the pages never carry TypeBox).
import type { KioskSetting } from '../contract/kiosk-setting.ts';

export type { KioskSetting };

export interface Kiosk {
  thankYouSeconds: number;
  idleSeconds: number;
  /** How long "Are you still there?" waits for an answer before the form is cleared. */
  stillThereSeconds: number;
}

export const KIOSK_DEFAULTS: Kiosk = { thankYouSeconds: 15, idleSeconds: 90, stillThereSeconds: 20 };

/** The address's query parameter that switches a form route to a kiosk or back (the server's render reads it too). */
export const KIOSK_QUERY = 'kiosk';

/** The kiosk a form route runs as, or null: ?kiosk=1 or =0 in the address wins over the route's setting. */
export function kioskOf(setting: KioskSetting | undefined, query: URLSearchParams): Kiosk | null {
  const asked = query.get(KIOSK_QUERY);
  const on = asked === '1' || asked === 'true' ? true : asked === '0' || asked === 'false' ? false : Boolean(setting);
  if (!on) return null;
  return { ...KIOSK_DEFAULTS, ...(typeof setting === 'object' ? setting : {}) };
}
