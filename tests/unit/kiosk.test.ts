// A form route runs as a kiosk when its routes.json setting or the address says so, with the
// timings the route gives and the product's defaults (15 s of thanks, 90 s idle, 20 s to answer).
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { KIOSK_DEFAULTS, kioskOf } from '../../src/engine/waivers/kiosk.ts';
import routesSchema from '../../routes.schema.json' with { type: 'json' };

const query = (search: string) => new URLSearchParams(search);

describe('kiosk mode of a form route', () => {
  it('is off unless the route or the address asks for it', () => {
    expect(kioskOf(undefined, query(''))).toBeNull();
    expect(kioskOf(false, query('?lang=ar'))).toBeNull();
    expect(kioskOf(undefined, query('?kiosk=1'))).toEqual({ thankYouSeconds: 15, idleSeconds: 90, stillThereSeconds: 20 });
  });

  it('is the default of a route that sets it, which ?kiosk=0 turns off', () => {
    expect(kioskOf(true, query(''))).toEqual(KIOSK_DEFAULTS);
    expect(kioskOf({ idleSeconds: 45 }, query(''))).toEqual({ ...KIOSK_DEFAULTS, idleSeconds: 45 });
    expect(kioskOf({ thankYouSeconds: 30 }, query('?kiosk=0'))).toBeNull();
  });

  it("takes the route's timings also when opened with ?kiosk=1", () => {
    expect(kioskOf({ thankYouSeconds: 8, idleSeconds: 60 }, query('?kiosk=1'))).toEqual({ thankYouSeconds: 8, idleSeconds: 60, stillThereSeconds: 20 });
  });

  it('is checked in routes.json by routes.schema.json: timings are whole seconds, unknown settings refused', () => {
    const validate = new Ajv2020({ strict: false }).compile(routesSchema);
    const table = (kiosk: unknown) => ({
      defaults: { theme: 'quest' },
      settings: [],
      routes: [{ path: '/desk/ifly', set: 'public', page: { kind: 'form', form: 'ifly-waiver', kiosk } }],
    });
    expect(validate(table(true))).toBe(true);
    expect(validate(table({ thankYouSeconds: 10, idleSeconds: 60 }))).toBe(true);
    expect(validate(table({ idleSeconds: 1.5 }))).toBe(false);
    expect(validate(table({ idleSeconds: 2 }))).toBe(false);
    expect(validate(table({ idle: 60 }))).toBe(false);
    expect(validate(table('yes'))).toBe(false);
  });
});
