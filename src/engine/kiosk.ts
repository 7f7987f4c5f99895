// A form route run as a kiosk (a shared tablet at a venue's desk): nothing of a guest kept on the
// device, the form cleared after the thanks and after a guest walks away. Switched on by the
// address (?kiosk=1) or by the route's own `kiosk` setting in routes.json; its timings, with their
// defaults, are here and nowhere else.
import { Type, type Static } from '@sinclair/typebox';

/** routes.json, a form page's `kiosk`: true (kiosk by default, default timings) or the timings themselves. */
export const KioskSetting = Type.Union([
  Type.Boolean({ description: 'true: the route runs as a kiosk unless opened with ?kiosk=0.' }),
  Type.Object(
    {
      thankYouSeconds: Type.Optional(Type.Integer({ minimum: 3, maximum: 600, description: 'How long the thanks (with the Form ID) stay before a fresh form. Default 15.' })),
      idleSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 3600, description: 'How long without input before "Are you still there?". Default 90.' })),
    },
    { additionalProperties: false, description: 'The route runs as a kiosk with these timings (unless opened with ?kiosk=0).' },
  ),
]);
export type KioskSetting = Static<typeof KioskSetting>;

export interface Kiosk {
  thankYouSeconds: number;
  idleSeconds: number;
  /** How long "Are you still there?" waits for an answer before the form is cleared. */
  stillThereSeconds: number;
}

export const KIOSK_DEFAULTS: Kiosk = { thankYouSeconds: 15, idleSeconds: 90, stillThereSeconds: 20 };

/** The kiosk a form route runs as, or null: ?kiosk=1 or =0 in the address wins over the route's setting. */
export function kioskOf(setting: KioskSetting | undefined, query: URLSearchParams): Kiosk | null {
  const asked = query.get('kiosk');
  const on = asked === '1' || asked === 'true' ? true : asked === '0' || asked === 'false' ? false : Boolean(setting);
  if (!on) return null;
  return { ...KIOSK_DEFAULTS, ...(typeof setting === 'object' ? setting : {}) };
}
