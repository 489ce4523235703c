// The address (58-address.js): what a reader chose, read from and written to `?…`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './parts.mjs';

const { address } = load(['address'], ['address']);
const filters = [{ param: 'region', kind: 'values' }, { param: 'admitted', kind: 'range' }, { param: 'city', kind: 'values' }];
const page = 'https://example.org/states/?lang=sv#texas';

test('a state written to the address reads back the same', () => {
  const state = { choices: [['South', 'West'], { from: '1850', to: '1900' }, []], order: '-admitted', query: 'ohio' };
  const href = address.write(page, filters, state);
  assert.equal(href, 'https://example.org/states/?lang=sv&region=South&region=West&admitted=1850..1900&sort=-admitted&q=ohio#texas');
  assert.deepEqual(address.read(new URL(href).search, filters), { ...state, target: '' });
});

test('values with the address’s own characters, accents and spaces survive the round trip', () => {
  const state = { choices: [['R&D', 'a=b', 'Côte d’Ivoire', '50%', 'x..y'], { from: '', to: '2020-02-29' }, ['São Paulo']], order: 'name', query: 'ß "und" ü' };
  const read = address.read(new URL(address.write(page, filters, state)).search, filters);
  assert.deepEqual(read, { ...state, target: '' });
});

test('an open range keeps its open end, and an empty one leaves the address', () => {
  const lower = address.write(page, filters, { choices: [[], { from: '10', to: '' }, []], order: '', query: '' });
  assert.match(lower, /admitted=10\.\.(&|#)/);
  assert.deepEqual(address.read(new URL(lower).search, filters).choices[1], { from: '10', to: '' });
  const cleared = address.write(lower, filters, { choices: [[], { from: '', to: '' }, []], order: '', query: '' });
  assert.equal(cleared, page);
});

test('nothing in the address is the page as it was built', () => {
  assert.deepEqual(address.read('', filters), { choices: [[], { from: '', to: '' }, []], order: '', query: '', target: '' });
  assert.deepEqual(address.read('?unknown=1&region=', filters).choices[0], ['']);
});

test('the place the reader went to is the fragment, read back as its id whatever it holds', () => {
  const state = { choices: [[], { from: '', to: '' }, []], order: '', query: 'x', target: 'row-côte d’ivoire' };
  const url = new URL(address.write(page, filters, state));
  assert.equal(url.hash, '#row-c%C3%B4te%20d%E2%80%99ivoire');
  assert.deepEqual(address.read(url.search, filters, url.hash), state);
  assert.equal(new URL(address.write(page, filters, { ...state, target: '' })).hash, '', 'no place: no fragment');
  assert.equal(address.read('', filters, '#%E0%A4%A').target, '%E0%A4%A', 'a broken escape is taken as written');
});
