// Shard planning (43-shard-plan.js): which files a sharded page's query reads, from the
// manifest alone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hostPage, load } from './parts.mjs';

// The host's files, written as the build writes a shard page (SearchIndex.shardScriptHead).
const files = {
  '../assets/search-people/616e6472-0.js?v=v1': 'document.dispatchEvent(new CustomEvent("almanac:data",{detail:["shard","people/andr/0",'
    + "JSON.parse('[[7,\"andrews\",\"Andrews\",0,\"x.html\"]]')]}));\n",
};
const host = hostPage(files);
const loaded = host.loaded;
const { shardPlan } = load(['text', 'near-words', 'query', 'matching', 'data-files', 'shard-plan'], ['shardPlan'], {
  document: host.document, pageName: 'people', root: '../',
});

// Leaves as SearchShards.swift cuts them: `and` was too common and went a letter deeper, its
// whole word a leaf of its own; `co` is shorter than a key; `software` is in too many rows
// to cut and is keyed whole.
const manifest = {
  pageSize: 100, folder: 'assets/search-people/', version: 'v1',
  shards: { 'and$': 40, ande: 120, andr: 230, ber: [12, 0], bes: [30, 0], co$: [3, 1], cob: [9, 1], 'software$': 5000 },
};
const plan = shardPlan(manifest);

test('a word inside a prefix leaf reads that leaf', () => {
  assert.deepEqual(plan.leavesOf('bergen'), ['ber']);
  assert.deepEqual(plan.leavesOf('andrews'), ['andr']);
});

test('a prefix cut deeper reads every leaf under it, the largest first', () => {
  assert.deepEqual(plan.leavesOf('and'), ['andr', 'ande', 'and$']);
});

test('a common word keyed whole is read for its prefixes and not for a typo after them', () => {
  assert.deepEqual(plan.leavesOf('soft'), ['software$']);
  assert.deepEqual(plan.leavesOf('software'), ['software$']);
  assert.equal(plan.planFor(['softwsre']).wanted.length, 0, 'nothing as written: the 50 pages are not read');
  assert.equal(plan.planFor(['softwares']).wanted.length, 0);
});

test('a word shorter than a key is looked up whole, or not at all', () => {
  assert.deepEqual(plan.leavesOf('co'), ['co$']);
  assert.equal(plan.leavesOf('be'), null);
});

test('a query reads every page of its rarest word only', () => {
  const planned = plan.planFor(['andrews', 'bergen']);
  assert.deepEqual(planned.rarest, ['ber']);
  assert.deepEqual(planned.wanted, [['#0', 0]], 'a small leaf is read from its pack');
  assert.deepEqual(plan.planFor(['andr']).wanted, [['andr', 0], ['andr', 1], ['andr', 2]]);
});

test('a word in no row plans no page; a short word with a long one leaves the choice to the long', () => {
  assert.deepEqual(plan.planFor(['zebra']).wanted, []);
  assert.deepEqual(plan.planFor(['bergen', 'be']).wanted, [['#0', 0]]);
  assert.equal(plan.planFor(['be']), null, 'too short alone');
});

test('small leaves share a pack, read once for all of them, counted by their own rows', () => {
  assert.deepEqual(plan.pagesOf(['ber', 'bes', 'cob']), [['#0', 0], ['#1', 0]]);
  assert.equal(plan.rowsIn(['ber', 'bes']), 42);
  assert.equal(plan.isPacked('ber'), true);
  assert.equal(plan.isPacked('andr'), false);
  assert.deepEqual(plan.keysUnder('be'), ['ber', 'bes']);
});

test('a page is read from the file named by its key’s bytes in hex, once', async () => {
  assert.deepEqual(await plan.loadPage('andr', 0), [[7, 'andrews', 'Andrews', 0, 'x.html']]);
  assert.deepEqual(loaded, ['../assets/search-people/616e6472-0.js?v=v1']);
  assert.deepEqual(await plan.loadPage('andr', 0), [[7, 'andrews', 'Andrews', 0, 'x.html']]);
  assert.equal(loaded.length, 1, 'in memory, not asked again');
  await assert.rejects(plan.loadPage('ande', 1), 'a file that cannot be loaded fails its search');
});
