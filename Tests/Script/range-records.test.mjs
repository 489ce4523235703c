// The records in a range's order (54-range-records.js): which chunks a step reads, and that what
// they give is what every row's values give, for ranges, two filters, a search and the side out
// of the range.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './parts.mjs';

const { rowset, rangeRecords } = load(['rowset', 'range-records'], ['rowset', 'rangeRecords']);

const list = (typed) => (typed ? Array.from(typed) : typed);
const flags = (count, ...chosen) => { const f = new Uint8Array(count); for (const v of chosen) f[v] = 1; return f; };

// A small seeded generator, so a failure names a case that can be run again.
const random = (seed) => () => {
  seed = (seed * 1103515245 + 12345) % 2147483648;
  return seed / 2147483648;
};

/**
 * Rows of a category (5 values, some rows in two), a city (4 values) and a founding date (some
 * rows have none, many share one), and the files RangeIndex.swift writes for them (a chunk's
 * keys apart from its records, the rows without a key in chunks of their own), cut small
 * (`recordRows` 8, `indexRows` 16) so that every range meets several chunks and blocks.
 */
const site = (count, seed) => {
  const next = random(seed);
  const pick = (n) => Math.floor(next() * n);
  const widths = [5, 4, null];
  const values = [[], []];
  const keys = new Float64Array(count);
  for (let row = 0; row < count; row += 1) {
    const first = pick(5);
    values[0].push(next() < 0.1 ? [first, (first + 1 + pick(4)) % 5].sort() : [first]);
    values[1].push([pick(4)]);
    keys[row] = next() < 0.1 ? NaN : 19000101 + pick(60) * 10000;
  }
  const columns = [0, 1].map((f) => ({
    values: Int32Array.from(values[f], (v) => (v.length === 1 ? v[0] : -1)),
    several: new Map(values[f].map((v, row) => [row, v]).filter(([, v]) => v.length !== 1)),
    count: widths[f],
  }));
  columns.push({ keys });
  const written = (f, row) => (widths[f] === null ? (keys[row] === keys[row] ? keys[row] : null)
    : values[f][row].length === 1 ? values[f][row][0] : values[f][row]);
  const keyOrder = (rows) => rows.map((row, k) => [row, k]).sort(([a, j], [b, k]) => {
    const [x, y] = [keys[a], keys[b]];
    if (x === x && y === y) return x !== y ? x - y : j - k;
    return x === x ? -1 : y === y ? 1 : j - k;
  }).map(([row]) => row);
  const files = new Map();
  const firsts = widths.map((width, f) => (width === null ? null : Array.from({ length: width }, (_, v) => {
    const ordered = keyOrder(Array.from({ length: count }, (_, row) => row).filter((row) => values[f][row].includes(v)));
    const keyed = ordered.filter((row) => keys[row] === keys[row]).length;
    const cutAt = [];
    for (let start = 0; start < keyed; start += 8) cutAt.push(start);
    for (let start = keyed; start < ordered.length; start += 8) cutAt.push(start);
    const starts = [];
    for (const [place, start] of cutAt.entries()) {
      const chunk = ordered.slice(start, place + 1 < cutAt.length ? cutAt[place + 1] : ordered.length).sort((a, b) => a - b);
      files.set(`w${f}-${v}-${starts.length}`, [chunk.map((row, k) => row - (k ? chunk[k - 1] : 0)),
        ...widths.map((_, g) => (g === f || g === 2 ? [] : chunk.map((row) => written(g, row))))]);
      files.set(`x${f}-${v}-${starts.length}`, chunk.map((row) => written(2, row)));
      starts.push(written(2, ordered[start]));
    }
    return starts;
  })));
  const keyed = keyOrder(Array.from({ length: count }, (_, row) => row)).filter((row) => keys[row] === keys[row]);
  const index = [[], [], widths.map((width) => (width === null ? null : []))];
  for (let start = 0; start < keyed.length; start += 16) {
    const block = keyed.slice(start, start + 16);
    index[0].push(keys[block[0]]);
    index[1].push(keys[block[block.length - 1]]);
    files.set('s-' + start / 16, [block.map((row) => keys[row]), ...widths.map((width, f) => (width === null ? null : block.map((row) => written(f, row))))]);
    widths.forEach((width, f) => {
      if (width === null) return;
      const tally = new Array(width).fill(0);
      for (const row of block) for (const v of values[f][row]) tally[v] += 1;
      index[2][f].push(...tally);
    });
  }
  files.set('h', index);
  const counts = [0, 1].map((f) => Array.from({ length: widths[f] }, (_, v) => values[f].filter((held) => held.includes(v)).length));
  return { count, widths, columns, files, firsts, counts };
};

/** What the records give for `choices` (and a search's rows), or null when they cannot tell. */
const fromRecords = async (data, choices, found = null) => {
  const cleared = choices.map((choice, f) => (data.widths[f] === null ? null : choice));
  const alone = rowset.narrow(data.columns, cleared, data.count);
  const plan = rangeRecords.plan({ choices, widths: data.widths, counts: data.counts, firsts: data.firsts, rangeFilter: 2, found: Boolean(found), pairsKnown: true });
  if (!plan) return null;
  const read = [];
  const result = await rangeRecords.narrowBy(plan, { choices, widths: data.widths, rangeFilter: 2, total: data.count, found,
    read: async (stem) => { read.push(stem); return data.files.get(stem); }, listed: async () => alone.rows, pairs: alone.counts.map(list) });
  return { ...result, plan, read };
};

test('a chunk is read for a range when its keys can reach it, and out of it when they can pass it', () => {
  const firsts = [19900101, 19950101, 20000101, 20050101, null];
  const from2000 = { low: 20000101, high: null };
  // The chunk starting 1995 may hold rows up to the next chunk's first key, 2000-01-01.
  assert.deepEqual(rangeRecords.chunksFor(firsts, 'inside', from2000), [1, 2, 3]);
  // Out of it: the keys below 2000, and the chunk of rows without a key.
  assert.deepEqual(rangeRecords.chunksFor(firsts, 'outside', from2000), [0, 1, 4]);
  const nineties = { low: 19900101, high: 19991231 };
  assert.deepEqual(rangeRecords.chunksFor(firsts, 'inside', nineties), [0, 1]);
  assert.deepEqual(rangeRecords.chunksFor(firsts, 'outside', nineties), [1, 2, 3, 4]);
  assert.deepEqual(rangeRecords.chunksFor(firsts, 'all', nineties), [0, 1, 2, 3, 4]);
});

test('records answer a range beside one or two filters of values, and two filters with a search', async () => {
  const data = site(400, 7);
  const next = random(11);
  let asked = 0;
  const ways = new Set();
  for (let trial = 0; trial < 300; trial += 1) {
    const pickFlags = (width) => {
      const f = flags(width);
      for (let v = 0; v < width; v += 1) if (next() < 0.35) f[v] = 1;
      return f.some(Boolean) ? f : null;
    };
    const low = next() < 0.7 ? 19000101 + Math.floor(next() * 60) * 10000 : null;
    const high = next() < 0.5 ? 19000101 + Math.floor(next() * 60) * 10000 : null;
    const range = low === null && high === null ? null : { low, high };
    const choices = [pickFlags(5), pickFlags(4), range];
    const found = next() < 0.3 ? Int32Array.from(Array.from({ length: data.count }, (_, row) => row).filter(() => next() < 0.4)) : null;
    const got = await fromRecords(data, choices, found);
    if (!got) continue;
    asked += 1;
    const every = got.plan.parts.some((part) => !choices[part.filter] || !choices[part.filter][part.value]);
    ways.add(got.plan.side + (got.plan.own !== null ? ', own counts from the index' : '') + (every ? ', every value' : '') + (found ? ', searched' : ''));
    const expected = rowset.narrow(data.columns, choices, data.count, found);
    const label = `trial ${trial}: ${JSON.stringify(choices.map((c) => (c && c.length ? Array.from(c) : c)))}, ${got.plan.side}`;
    assert.deepEqual(list(got.rows), list(expected.rows), label);
    assert.deepEqual(got.counts.map(list), expected.counts.map(list), label);
  }
  assert.ok(asked > 200, `the records answered ${asked} of 300 steps`);
  for (const way of ['all', 'all, searched', 'inside', 'inside, searched', 'inside, own counts from the index', 'outside', 'inside, every value', 'inside, every value, searched']) {
    assert.ok(ways.has(way), `no step was answered ${way}: ${Array.from(ways)}`);
  }
});

test('what the records cannot tell, or tell at a greater cost, is left to every row’s values', () => {
  const data = site(100, 3);
  const plan = (choices, found = false, columnRows = Infinity) => rangeRecords.plan({ choices, widths: data.widths, counts: data.counts,
    firsts: data.firsts, recordRows: 8, rangeFilter: 2, found, pairsKnown: true, columnRows });
  assert.equal(plan([flags(5, 1), null, null]), null, 'one filter of values: the value lists tell');
  assert.equal(plan([flags(5, 1), null, null], true), null, 'one filter of values and a search');
  assert.notEqual(plan([flags(5, 1), flags(4, 2), null], true), null, 'two filters and a search');
  const alone = plan([null, null, { low: 19100101, high: null }]);
  assert.deepEqual(new Set(alone.parts.map((part) => part.value)), new Set([0, 1, 2, 3]), 'a range alone reads every value of the city');
  assert.equal(plan([null, null, { low: 19100101, high: null }], false, alone.parts.length * 8), null, 'unless the columns cost less');
});

test('a range reads only the chunks that reach it, and a wide one the chunks out of it', async () => {
  const data = site(400, 5);
  const narrow = await fromRecords(data, [flags(5, 0), flags(4, 1), { low: 19550101, high: null }]);
  assert.equal(narrow.plan.side, 'inside');
  const everyChunk = data.firsts[0][0].length + data.firsts[1][1].length;
  const chunksRead = narrow.read.filter((stem) => stem.startsWith('w')).length;
  assert.ok(chunksRead < everyChunk / 2, `${chunksRead} chunks read of ${everyChunk}`);
  const wide = await fromRecords(data, [flags(5, 0), flags(4, 1), { low: null, high: 19550101 }]);
  assert.equal(wide.plan.side, 'outside');
  assert.ok(wide.read.length < everyChunk / 2, `${wide.read.length} chunks read of ${everyChunk}`);
});

test('a chunk’s keys are read only where the range cuts it', () => {
  const from2000 = { low: 20000101, high: null };
  assert.equal(rangeRecords.cuts(20010101, 20050101, from2000), false, 'wholly inside');
  assert.equal(rangeRecords.cuts(19900101, 19950101, from2000), false, 'wholly out of it');
  assert.equal(rangeRecords.cuts(19950101, 20050101, from2000), true, 'across its start');
  assert.equal(rangeRecords.cuts(20010101, null, from2000), false, 'the last with keys, wholly inside an open range');
  assert.equal(rangeRecords.cuts(20010101, null, { low: null, high: 20101231 }), true, 'the last with keys, cut by an end');
  assert.equal(rangeRecords.cuts(null, null, from2000), false, 'no keys: out of every range');
  assert.equal(rangeRecords.cuts(19950101, 20050101, null), false, 'no range');
});

test('a filter’s own counts within a range come from whole blocks’ tallies and the rows of the blocks it cuts', async () => {
  const data = site(400, 9);
  const range = { low: 19300101, high: 19450101 };
  const read = [];
  const counts = await rangeRecords.countsWithin(data.files.get('h'), 0, 5, range, async (b) => { read.push(b); return data.files.get('s-' + b); });
  const expected = rowset.narrow(data.columns, [null, null, range], data.count).counts[0];
  assert.deepEqual(list(counts), list(expected));
  assert.ok(read.length <= 2, `blocks read: ${read}`);
});
