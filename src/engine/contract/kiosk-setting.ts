// routes.json's `kiosk` setting of a form page (src/engine/waivers/kiosk.ts says what it does): its schema,
// for routes.schema.json and forms:check. Apart from kiosk.ts so the pages never load TypeBox.
import { Type, type Static } from '@sinclair/typebox';

/** routes.json, a form page's `kiosk`: true (kiosk by default, default timings) or the timings themselves. */
export const KioskSetting = Type.Union([
  Type.Boolean({ description: 'true: the route runs as a kiosk unless opened with ?kiosk=0.' }),
  Type.Object(
    {
      thankYouSeconds: Type.Optional(
        Type.Integer({ minimum: 3, maximum: 600, description: 'How long the thanks (with the Form ID) stay before a fresh form. Default 15.' }),
      ),
      idleSeconds: Type.Optional(
        Type.Integer({ minimum: 10, maximum: 3600, description: 'How long without input before "Are you still there?". Default 90.' }),
      ),
    },
    { additionalProperties: false, description: 'The route runs as a kiosk with these timings (unless opened with ?kiosk=0).' },
  ),
]);
export type KioskSetting = Static<typeof KioskSetting>;
