// The console's search of a form's submissions, as the where clause the server receives.
import { describe, expect, it } from 'vitest';
import { contactFields, submissionWhere } from '../../src/web/pages/submissions/submissionSearch.ts';
import type { ResolvedForm } from '../../src/engine/compiler/compiled.ts';

const form = {
  id: 'f',
  sections: [
    {
      id: 's',
      fields: [
        { type: 'text', name: 'first_name', label: 'l' },
        { type: 'text', name: 'qid', label: 'l' },
        { type: 'phone', name: 'phone', label: 'l' },
        { type: 'email', name: 'email', label: 'l' },
        { type: 'textarea', name: 'comments', label: 'l' },
      ],
    },
  ],
} as unknown as ResolvedForm;

describe('searching submissions', () => {
  it('searches names, phones and emails, never other answers', () => {
    expect(contactFields(form).map((field) => field.name)).toEqual(['first_name', 'phone', 'email']);
    expect(submissionWhere(form, { q: 'Maha', from: '', to: '' })).toEqual({
      and: [{ or: [{ reference: { equals: 'Maha' } }, { first_name: { like: 'Maha' } }, { phone: { like: 'Maha' } }, { email: { like: 'Maha' } }] }],
    });
  });

  it("searches a confidential form's reference only: its answers are sealed at rest, the server has none to compare", () => {
    const confidential = { ...form, confidential: true } as ResolvedForm;
    expect(contactFields(confidential)).toEqual([]);
    expect(submissionWhere(confidential, { q: 'Maha', from: '', to: '' })).toEqual({ and: [{ reference: { equals: 'Maha' } }] });
  });

  it('finds a phone typed with spaces, and a reference by its index alone', () => {
    const phone = submissionWhere(form, { q: '+974 5551 2345', from: '', to: '' }) as { and: { or: Record<string, unknown>[] }[] };
    expect(phone.and[0].or).toContainEqual({ phone: { like: '+97455512345' } });
    expect(submissionWhere(form, { q: 'k7qm 4xw2 9d', from: '', to: '' })).toEqual({ and: [{ reference: { equals: 'k7qm 4xw2 9d' } }] });
  });

  it('limits to the days received, in the browser time zone, and ignores a malformed day', () => {
    const where = submissionWhere(form, { q: '', from: '2026-01-01', to: '2026-01-31' }) as {
      and: Record<string, { greater_than_equal?: string; less_than?: string }>[];
    };
    expect(where.and[0].createdAt.greater_than_equal).toBe(new Date('2026-01-01T00:00:00').toISOString());
    expect(where.and[1].createdAt.less_than).toBe(new Date('2026-02-01T00:00:00').toISOString());
    expect(submissionWhere(form, { q: ' ', from: 'yesterday', to: '' })).toBeNull();
  });
});

describe('filtering submissions by follow-up, venue and rating', () => {
  const scale = ['poor', 'average', 'good', 'very-good', 'excellent'].map((value) => ({ value, label: value }));
  const rated = {
    id: 'r',
    sections: [
      {
        id: 's',
        fields: [
          { type: 'rating', name: 'food', label: 'l', scale: 'quality5', options: scale },
          { type: 'select', name: 'venue', label: 'l' },
        ],
      },
    ],
  } as unknown as ResolvedForm;
  const none = { q: '', from: '', to: '' };

  it('turns a state, an assignee and a venue into clauses the server knows; anything else is dropped', () => {
    expect(submissionWhere(rated, { ...none, state: 'resolved', assignee: '7', venue: 'Cova' }, 'venue')).toEqual({
      and: [{ 'followUp.state': { equals: 'resolved' } }, { 'followUp.assignee': { equals: '7' } }, { venue: { equals: 'Cova' } }],
    });
    expect(submissionWhere(rated, { ...none, state: 'closed', assignee: 'me', venue: 'Cova' }, null)).toBeNull();
  });

  it('turns a rating range (positions, first option = 1, either end open) into the values it covers', () => {
    expect(submissionWhere(rated, { ...none, rating: 'food', min: '1', max: '2' })).toEqual({ and: [{ food: { in: 'poor,average' } }] });
    expect(submissionWhere(rated, { ...none, rating: 'food', min: '4', max: '' })).toEqual({ and: [{ food: { in: 'very-good,excellent' } }] });
    expect(submissionWhere(rated, { ...none, rating: 'food', min: '', max: '' })).toBeNull();
    expect(submissionWhere(rated, { ...none, rating: 'venue', min: '1', max: '2' })).toBeNull();
  });
});
