// The text rules of the page script (10-text.js): folding and words as the build has them,
// and the page's words in its language.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { built, load, pageWithWords } from './parts.mjs';

const text = (locale = 'en') => load(['text'], ['fold', 'wordsOf', 'phrases'], pageWithWords(built(locale).words));

test('folding drops accents and case, and spells out the letters the build spells out', () => {
  const { fold } = text();
  assert.equal(fold("Côte d'Ivoire"), "cote d'ivoire");
  assert.equal(fold('Straße Øresund Łódź'), 'strasse oresund lodz');
  assert.equal(fold('ÆRØ'), 'aero');
});

test('folding keeps the marks that spell a word', () => {
  const { fold } = text();
  // A Thai vowel sign and kana voicing are marks, and part of the word.
  assert.equal(fold('กิน'), 'กิน'.normalize('NFD'));
  assert.equal(fold('ガ'), 'ガ'.normalize('NFD'));
});

test('words are cut where a letter, mark or number stops', () => {
  const { wordsOf } = text();
  assert.deepEqual(wordsOf(['new-york', 'état,2024']), ['new', 'york', 'état', '2024']);
  assert.deepEqual(wordsOf(['  ', '--']), []);
});

test('a word in a script without spaces is cut at the length the build indexes', () => {
  const { wordsOf } = text();
  const { contract } = built();
  const long = '東京都千代田区'.repeat(10);
  const [word] = wordsOf([long]);
  assert.equal(Array.from(word).length, contract.spacelessWordLength);
  assert.ok(long.startsWith(word));
});

test('numbers carry the page language’s digits and grouping', () => {
  assert.equal(text('en').phrases.number(1234567), '1,234,567');
  assert.equal(text('de').phrases.number(1234567), '1.234.567');
  // Hindi groups by two after the first three; Arabic writes its own digits.
  assert.equal(text('hi').phrases.number(1234567), '12,34,567');
  assert.match(text('ar').phrases.number(1234), /^[٠-٩]/u);
  assert.equal(text('en').phrases.number(-1200), '-1,200');
});

test('a counted text takes the plural form the language’s rules choose', () => {
  const english = text('en').phrases;
  assert.deepEqual([1, 12].map((n) => english.counted('results', n)), ['1 result', '12 results']);
  // Polish: one, few (2–4, 22–24) and many.
  const polish = text('pl').phrases;
  assert.deepEqual([1, 2, 5, 22, 25].map((n) => polish.counted('results', n)),
    ['1 wynik', '2 wyniki', '5 wyników', '22 wyniki', '25 wyników']);
});

test('a text with no entry in the table is its key, with its values filled in', () => {
  const { phrases } = load(['text'], ['phrases'], pageWithWords(null));
  assert.equal(phrases.text('No {thing} here', { thing: 'rows' }), 'No rows here');
  assert.equal(phrases.text('keeps {unknown}'), 'keeps {unknown}');
});
