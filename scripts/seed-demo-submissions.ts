// Fills the embedded database with 12 weeks of believable survey answers (dining per restaurant,
// padel, retail NPS, store satisfaction), so the insights page has something to show right after
// `npm start`. Deterministic (seeded), validated with each form's compiled schema, stored in the
// shape the API stores (reference, form version and hash, derived NPS band). Embedded database
// only: it refuses DATABASE_URL, and skips a form that already has submissions.
import { loadConfig } from '../src/server/features/index.ts';
import { openDb, type Queryable } from '../src/server/core/db/db.ts';
import { migrate } from '../src/server/core/db/migrations.ts';
import { MIGRATIONS } from '../src/server/features/index.ts';
import { loadContentConfig } from '../src/server/core/content-config.ts';
import { seedContent } from '../src/server/core/db/seed-content.ts';
import { loadCompiledForms, type LoadedForm } from '../src/server/core/forms/compiled-forms.ts';
import { applyDerivedValues } from '../src/server/core/forms/derived.ts';
import { newReference } from '../src/server/core/forms/reference.ts';

const WEEKS = 12;

/** mulberry32: a 32-bit seeded generator, so every run makes the same demo (Math.random cannot be seeded). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = generator(20261126);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)];
/** A position on a scale of `size` steps around `centre` (0..1), spread a little. */
const around = (centre: number, size: number) => Math.min(size - 1, Math.max(0, Math.round((centre + (random() - 0.5) * 0.55) * (size - 1))));

const QUALITY5 = ['poor', 'average', 'good', 'very-good', 'excellent'];
const QUALITY4 = ['poor', 'average', 'good', 'excellent'];
const SATISFACTION5 = ['very-dissatisfied', 'dissatisfied', 'neutral', 'satisfied', 'very-satisfied'];
const PRAISE = [
  'Lovely terrace and friendly staff.',
  'The food came quickly and hot.',
  'خدمة ممتازة وطعام لذيذ',
  'Great value for the family.',
  'المكان نظيف والموظفون لطفاء',
];
const COMPLAINTS = [
  'We waited 40 minutes for our mains.',
  'The soup was cold.',
  'الانتظار طويل جدًا',
  'Too noisy on a Friday evening.',
  'الأسعار مرتفعة مقارنة بالجودة',
];

/** How good a venue is in a given week (0..1): each venue its own level and drift, with a dip now and then. */
function quality(venue: number, week: number): number {
  const level = 0.45 + ((venue * 37) % 10) / 25;
  const drift = ((venue % 3) - 1) * 0.02 * week;
  const dip = (venue + week) % 7 === 0 ? -0.25 : 0;
  return Math.min(0.95, Math.max(0.1, level + drift + dip));
}

function comment(q: number): string | undefined {
  if (random() > 0.35) return undefined;
  return q < 0.5 ? pick(COMPLAINTS) : pick(PRAISE);
}

type Answers = (q: number, venue: string) => Record<string, unknown>;

const ANSWERS: Record<string, Answers> = {
  'dining-survey': (q, venue) => ({
    visited_restaurant: venue,
    meal_period: pick(['breakfast', 'lunch', 'dinner']),
    visit_frequency: pick(['daily', 'weekly', 'monthly', 'first-time']),
    rating_greeting: QUALITY5[around(q + 0.05, 5)],
    rating_service: QUALITY5[around(q, 5)],
    rating_food: QUALITY5[around(q + 0.03, 5)],
    rating_beverage: QUALITY5[around(q, 5)],
    rating_value_for_money: QUALITY5[around(q - 0.08, 5)],
    rating_cleanliness: QUALITY5[around(q + 0.08, 5)],
    will_visit_again: q > 0.45 ? 'yes' : 'no',
    ...(comment(q) ? { customer_comments: comment(q) } : {}),
  }),
  'padel-survey': (q) => ({
    visit_frequency: pick(['daily', 'weekly', 'monthly', 'occasionally', 'first-time']),
    recommend_to_others_rating: around(0.5 + q / 2, 11),
    satisfaction_booking_process: around(0.4 + q / 2, 11),
    satisfaction_booking_process_time_slots: around(0.3 + q / 2, 11),
    ...(comment(q) ? { share_experience: comment(q) } : {}),
  }),
  'retail-survey': (q, day) => ({
    visit_date: day,
    employee_id: `E-${100 + Math.floor(random() * 20)}`,
    receipt_id: `R-${Math.floor(random() * 90000) + 10000}`,
    customer_feedback_number: around(0.5 + q / 2, 11),
    ...(comment(q) ? { customer_comments: comment(q) } : {}),
  }),
  'satisfaction-survey': (q) => {
    const member = random() < 0.5;
    return {
      store_ambience_cleanliness_rating: QUALITY4[around(q, 4)],
      store_ambience_visual_presentation_rating: QUALITY4[around(q + 0.05, 4)],
      is_product_availability_variety: q > 0.4 ? 'yes' : 'no',
      product_availability_variety_rating: QUALITY4[around(q, 4)],
      rating_customer_service: SATISFACTION5[around(q, 5)],
      is_customer_service_helpful: 'yes',
      checkout_payment_process: QUALITY4[around(q, 4)],
      loyalty_program: member ? 'yes' : 'no',
      ...(member ? { rating_loyalty_program_satisfaction: SATISFACTION5[around(q, 5)] } : {}),
      communication_promotions: pick(['sms', 'email', 'whatsapp', 'social-media']),
      rating_overall_experience: SATISFACTION5[around(q, 5)],
      name: 'Demo Guest',
      telephone_number: '+97455501234',
      ...(comment(q) ? { area_for_improvement: comment(q) } : {}),
    };
  },
};

async function seedForm(db: Queryable, form: LoadedForm, venues: string[], now: number): Promise<number> {
  const { compiled, validate } = form;
  const existing = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM documents WHERE collection = $1', [compiled.collection]);
  if (existing.rows[0].n > 0) return -1;
  let stored = 0;
  for (let week = 0; week < WEEKS; week++) {
    for (const [index, venue] of venues.entries()) {
      const count = 3 + Math.floor(random() * 6);
      for (let i = 0; i < count; i++) {
        const at = new Date(now - (WEEKS - week) * 7 * 86_400_000 + random() * 7 * 86_400_000);
        if (at.getTime() > now) continue;
        const data = ANSWERS[compiled.id](quality(index, week), compiled.id === 'retail-survey' ? at.toISOString().slice(0, 10) : venue);
        if (!validate(data)) throw new Error(`The demo answers of ${compiled.id} do not match its schema: ${JSON.stringify(validate.errors)}`);
        applyDerivedValues(compiled, data);
        await db.query(
          'INSERT INTO documents (collection, data, form_version, form_hash, reference, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)',
          [compiled.collection, JSON.stringify(data), compiled.version, compiled.hash, newReference(), at.toISOString()],
        );
        stored++;
      }
    }
  }
  return stored;
}

const config = loadConfig();
if (config.databaseUrl) {
  console.error('seed:demo-submissions fills the embedded database only: unset DATABASE_URL (demo answers never go into a PostgreSQL database).');
  process.exit(1);
}
try {
  const forms = await loadCompiledForms(config.formsBuildDir);
  const db = await openDb(config);
  try {
    await migrate(db, MIGRATIONS);
    await seedContent(db, config.contentDir, loadContentConfig(config.contentDir));
    const restaurants = (await db.query<{ name: string }>("SELECT data->>'name' AS name FROM documents WHERE collection = 'restaurants' ORDER BY id")).rows.map(
      (row) => row.name,
    );
    const now = Date.now();
    for (const id of Object.keys(ANSWERS)) {
      const form = forms.find((candidate) => candidate.compiled.id === id);
      if (!form) continue;
      const stored = await db.transaction((tx) => seedForm(tx, form, id === 'dining-survey' ? restaurants : ['all'], now));
      console.log(stored < 0 ? `${id}: already has submissions, left as it is` : `${id}: ${stored} demo submissions over ${WEEKS} weeks`);
    }
  } finally {
    await db.close();
  }
} catch (error) {
  console.error(`Seeding the demo submissions failed: ${(error as Error).message} (is the server running on this DATA_DIR? Stop it first.)`);
  process.exit(1);
}
