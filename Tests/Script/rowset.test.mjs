// The row set (50-rowset.js): one counting rule, one range test and one order for whole pages,
// split pages and test reports.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './parts.mjs';

const { rowset } = load(['rowset'], ['rowset']);

// Six companies: a category (0 Energy, 1 Software, 2 Retail; row 4 is in two), a city (0 Oslo,
// 1 Turku) and a founding date (row 5 has none).
const category = { values: Int32Array.of(0, 1, 1, 2, -1, 0), several: new Map([[4, [0, 1]]]), count: 3 };
const city = { values: Int32Array.of(0, 0, 1, 1, 0, 1), several: new Map(), count: 2 };
const founded = { keys: Float64Array.of(19990412, 20050101, 20101231, 19870601, 20200229, NaN) };
const columns = [category, city, founded];
const flags = (count, ...chosen) => { const f = new Uint8Array(count); for (const v of chosen) f[v] = 1; return f; };
const list = (typed) => Array.from(typed);

test('with nothing chosen every row shows and each value counts its rows', () => {
  const { rows, counts } = rowset.narrow(columns, [null, null, null], 6);
  assert.deepEqual(list(rows), [0, 1, 2, 3, 4, 5]);
  // Row 4 is in Energy and Software: it counts towards both.
  assert.deepEqual(list(counts[0]), [3, 3, 1]);
  assert.deepEqual(list(counts[1]), [3, 3]);
  assert.equal(counts[2], null, 'a range has no value counts');
});

test('values of one filter are OR, filters are AND', () => {
  const either = rowset.narrow(columns, [flags(3, 0, 2), null, null], 6);
  assert.deepEqual(list(either.rows), [0, 3, 4, 5]);
  const both = rowset.narrow(columns, [flags(3, 0, 2), flags(2, 1), null], 6);
  assert.deepEqual(list(both.rows), [3, 5]);
});

test('a filter’s counts are as if its own choice were cleared, narrowed by every other', () => {
  const { counts } = rowset.narrow(columns, [flags(3, 1), flags(2, 0), null], 6);
  // Category counts follow the city (Oslo: rows 0, 1, 4), not the category's own choice.
  assert.deepEqual(list(counts[0]), [2, 2, 0]);
  // City counts follow the category (Software: rows 1, 2, 4).
  assert.deepEqual(list(counts[1]), [2, 1]);
});

test('a row failing two filters counts towards neither', () => {
  const { counts } = rowset.narrow(columns, [flags(3, 2), flags(2, 0), null], 6);
  // Row 2 (Software, Turku) fails both: it counts for no category and no city; Retail's one
  // row is in Turku.
  assert.deepEqual(list(counts[0]), [2, 2, 0]);
  assert.deepEqual(list(counts[1]), [0, 1]);
});

test('a range keeps the rows within it, either end open, and never a row without a value', () => {
  const since2000 = rowset.narrow(columns, [null, null, { low: 20000101, high: null }], 6);
  assert.deepEqual(list(since2000.rows), [1, 2, 4]);
  const upTo = rowset.narrow(columns, [null, null, { low: null, high: 20050101 }], 6);
  assert.deepEqual(list(upTo.rows), [0, 1, 3], 'the end is inclusive; row 5 has no date');
  assert.equal(rowset.inRange(NaN, { low: null, high: null }), false);
});

test('only the rows the search found are shown and counted', () => {
  const { rows, counts } = rowset.narrow(columns, [flags(3, 0, 1), null, null], 6, Int32Array.of(1, 3, 4));
  assert.deepEqual(list(rows), [1, 4]);
  assert.deepEqual(list(counts[1]), [2, 0]);
});

test('an order puts rows by rank, keeps the page’s order for ties and rows without a rank last', () => {
  const ranks = Int32Array.of(2, -1, 0, 2, 1, -1);
  assert.deepEqual(list(rowset.order(ranks, null, false)), [2, 4, 0, 3, 1, 5]);
  assert.deepEqual(list(rowset.order(ranks, null, true)), [0, 3, 4, 2, 1, 5]);
  assert.deepEqual(list(rowset.order(ranks, Int32Array.of(5, 3, 2), false)), [2, 3, 5]);
});

test('an order of many rows is the one a comparison sort gives', () => {
  const count = 50000;
  const ranks = Int32Array.from({ length: count }, (_, i) => ((i * 7919) % 1000) - (i % 97 === 0 ? 2000 : 0)).map((r) => (r < 0 ? -1 : r));
  const compare = (descending) => (a, b) => {
    if (ranks[a] !== ranks[b]) {
      if (ranks[a] < 0) return 1;
      if (ranks[b] < 0) return -1;
      return descending ? ranks[b] - ranks[a] : ranks[a] - ranks[b];
    }
    return a - b;
  };
  for (const descending of [false, true]) {
    const expected = Array.from({ length: count }, (_, i) => i).sort(compare(descending));
    assert.deepEqual(list(rowset.order(ranks, null, descending)), expected);
  }
});

test('rows in either of two lists and in both', () => {
  assert.deepEqual(list(rowset.union(Int32Array.of(1, 3, 5), Int32Array.of(2, 3, 8))), [1, 2, 3, 5, 8]);
  assert.deepEqual(list(rowset.intersection(Int32Array.of(1, 3, 5, 8), Int32Array.of(2, 3, 8))), [3, 8]);
  assert.deepEqual(list(rowset.union(new Int32Array(0), Int32Array.of(4))), [4]);
});
