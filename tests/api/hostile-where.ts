// Hostile `where` values, for the embedded database (hostile-input.test.ts) and PostgreSQL
// (postgres.test.ts) alike: what PostgreSQL would refuse is a 400 naming the query parameter,
// the rest is answered; never a 5xx.
import { DINING, PADEL } from './samples.ts';

const json = (where: unknown) => `where=${encodeURIComponent(JSON.stringify(where))}`;

/** A where nested `levels` and-groups deep, written as compactly as a request line allows. */
const nested = (levels: number) => `where=${'{"and":['.repeat(levels)}{"id":{"equals":0}}${']}'.repeat(levels)}`;

/** Each is a 400 whose error names `parameter`. */
export const REFUSED_WHERE: { what: string; collection: string; query: string; parameter: string }[] = [
  { what: 'a five-digit year', collection: DINING, query: 'where[createdAt][greater_than]=99999-01-01', parameter: 'where[createdAt][greater_than]' },
  { what: 'year 10000', collection: DINING, query: 'where[updatedAt][less_than]=10000-01-01', parameter: 'where[updatedAt][less_than]' },
  { what: 'year 300000', collection: DINING, query: 'where[createdAt][greater_than_equal]=300000-01-01', parameter: 'where[createdAt][greater_than_equal]' },
  { what: "JavaScript's last day (+275760)", collection: DINING, query: 'where[createdAt][equals]=%2B275760-09-13', parameter: 'where[createdAt][equals]' },
  { what: 'year 0', collection: DINING, query: 'where[createdAt][less_than_equal]=0000-06-01', parameter: 'where[createdAt][less_than_equal]' },
  { what: 'a year before Christ', collection: DINING, query: 'where[createdAt][not_equals]=-000001-01-01', parameter: 'where[createdAt][not_equals]' },
  { what: '-infinity', collection: DINING, query: 'where[createdAt][greater_than]=-infinity', parameter: 'where[createdAt][greater_than]' },
  { what: 'not a date', collection: DINING, query: 'where[createdAt][less_than]=yesterday', parameter: 'where[createdAt][less_than]' },
  { what: 'a date list with one out of range', collection: DINING, query: 'where[createdAt][in]=2024-01-01,99999-01-01', parameter: 'where[createdAt][in]' },
  {
    what: 'a date inside or',
    collection: DINING,
    query: 'where[or][0][id][equals]=1&where[or][1][createdAt][not_in]=99999-01-01',
    parameter: 'where[or][1][createdAt][not_in]',
  },
  {
    what: 'a date inside JSON and',
    collection: DINING,
    query: json({ and: [{ id: { exists: 'true' } }, { createdAt: { greater_than: '99999-01-01' } }] }),
    parameter: 'where[and][1][createdAt][greater_than]',
  },
  { what: 'a null character in equals', collection: DINING, query: 'where[customer_comments][equals]=a%00b', parameter: 'where[customer_comments][equals]' },
  { what: 'a null character in like', collection: DINING, query: 'where[customer_comments][like]=lovely%20a%00b', parameter: 'where[customer_comments][like]' },
  {
    what: 'a null character in contains',
    collection: DINING,
    query: 'where[customer_comments][contains]=%00',
    parameter: 'where[customer_comments][contains]',
  },
  { what: 'a null character in a not_in list', collection: DINING, query: 'where[meal_period][not_in]=lunch,a%00b', parameter: 'where[meal_period][not_in]' },
  { what: 'a null character in a reference', collection: DINING, query: 'where[reference][equals]=ABCD-%00', parameter: 'where[reference][equals]' },
  {
    what: 'a null character in a multiple-choice answer',
    collection: PADEL,
    query: 'where[why_choose_us][contains]=a%00b',
    parameter: 'where[why_choose_us][contains]',
  },
  {
    what: 'a null character in JSON',
    collection: DINING,
    query: json({ customer_comments: { equals: 'a\u0000b' } }),
    parameter: 'where[customer_comments][equals]',
  },
];

/** Each is answered (200) with no document: huge and odd numbers, long texts, the deepest nesting a request line carries. */
export const ANSWERED_WHERE: { what: string; collection: string; query: string }[] = [
  { what: 'a number near the largest double', collection: DINING, query: 'where[id][equals]=1.7976931348623157e308' },
  { what: 'the smallest double', collection: DINING, query: 'where[id][greater_than]=-5e-324&where[id][less_than]=5e-324' },
  { what: 'a 300-digit number', collection: DINING, query: `where[id][greater_than]=${'9'.repeat(300)}` },
  { what: 'NaN, Infinity and 1e400 in a list', collection: DINING, query: 'where[id][in]=NaN,Infinity,-Infinity,1e400' },
  { what: 'a 12,000-character text', collection: DINING, query: `where[customer_comments][equals]=${'x'.repeat(12_000)}` },
  { what: 'a 3,000-word like', collection: DINING, query: `where[customer_comments][like]=${'zq%20'.repeat(3_000)}` },
  { what: 'a lone surrogate in JSON', collection: DINING, query: json({ customer_comments: { equals: '\ud800' } }) },
  { what: 'and-groups nested 800 deep', collection: DINING, query: nested(800) },
];
