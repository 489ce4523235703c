// Search matching (36-near-words.js, 37-query.js, 38-matching.js): one rule at every size,
// near words for typos, quoted phrases, and the order results come in.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { built, load, pageWithWords } from './parts.mjs';

const { fold, queryOf, matching, nearEditsAllowed, editsBetween, nearTerms, contract } = load(
  ['text', 'near-words', 'query', 'matching'],
  ['fold', 'queryOf', 'matching', 'nearEditsAllowed', 'editsBetween', 'nearTerms', 'contract'],
  pageWithWords(built().words));

// Rows as the build folds them: fields apart, folded.
const rows = (...fields) => fields.map((row) => row.map(fold).join(contract.separator));
const labels = (texts, found) => found.rows.map((row) => texts[row]);
const search = (texts, query) => matching.find(matching.indexOf(texts), queryOf(query));
const edits = (a, b, most = 2) => editsBetween(Array.from(a), Array.from(b), most);

test('a word of 4 to 7 letters may be one edit away, of 8 or more two, a shorter one none', () => {
  assert.deepEqual(['abc', 'abcd', 'abcdefg', 'abcdefgh', 'brightwaterly'].map(nearEditsAllowed), [0, 1, 1, 2, 2]);
});

test('a word with a digit or in a script without spaces must be as written', () => {
  assert.equal(nearEditsAllowed('item0001'), 0);
  assert.equal(nearEditsAllowed('東京タワー'), 0);
});

test('a change, a drop, an insertion and a swap of neighbours are one edit each', () => {
  assert.equal(edits('brightwaterly', 'brightwaterly'), 0);
  assert.equal(edits('brightwatxrly', 'brightwaterly'), 1, 'changed');
  assert.equal(edits('brightwatrly', 'brightwaterly'), 1, 'dropped');
  assert.equal(edits('brightwaterrly', 'brightwaterly'), 1, 'doubled');
  assert.equal(edits('brihgtwaterly', 'brightwaterly'), 1, 'swapped');
  assert.equal(edits('brihgtwatrly', 'brightwaterly'), 2, 'swapped and dropped');
  assert.equal(edits('bxihgtwatrly', 'brightwaterly'), Infinity, 'three edits');
});

test('the first letter is never changed', () => {
  assert.equal(edits('vrightwaterly', 'brightwaterly'), Infinity);
  assert.equal(edits('rbightwaterly', 'brightwaterly'), Infinity, 'not even by a swap');
});

test('near terms come fewest edits first, then the commonest, at most fifty', () => {
  const terms = [['london', 3], ['londen', 9], ['lonton', 1], ['lindon', 5], ['oldon', 50]];
  assert.deepEqual(nearTerms('londn', terms), [['londen', 1], ['london', 1]]);
  const letters = Array.from('abcefghijklmnopqrstuvwxyz');
  const many = [...letters.map((x) => 'wor' + x), ...letters.map((x) => 'wo' + x + 'd'), ...letters.map((x) => 'w' + x + 'rd')];
  const found = nearTerms('word', many.map((term) => [term, 1]));
  assert.equal(found.length, 50);
  assert.ok(found.every(([, count]) => count === 1));
});

test('a word finds the words it is or begins, not the middle of one', () => {
  const texts = rows(['Berlin'], ['Berliner Dom'], ['Oberlin College']);
  assert.deepEqual(labels(texts, search(texts, 'berl')), [texts[0], texts[1]]);
  assert.deepEqual(search(texts, 'erlin').rows, []);
});

test('every word must be found, in any field', () => {
  const texts = rows(['North Dakota', 'Bismarck'], ['North Carolina', 'Raleigh'], ['South Dakota', 'Pierre']);
  assert.deepEqual(search(texts, 'north bis').rows, [0]);
  assert.deepEqual(search(texts, 'dakota').rows, [0, 2]);
});

test('whole words come before word starts, then the page’s order', () => {
  const texts = rows(['Yorkshire'], ['New York'], ['Yorktown'], ['York']);
  assert.deepEqual(search(texts, 'york').rows, [1, 3, 0, 2]);
});

test('a typo finds the word it was meant to be: changed, dropped, doubled or swapped', () => {
  const texts = rows(['Quillfeather Marrowdale'], ['Ada Brightwaterly'], ['Brightwater Inn']);
  for (const typo of ['brightwatxrly', 'brightwatrly', 'brightwaterrly', 'brihgtwaterly', 'brihgtwatrly']) {
    const found = search(texts, typo);
    assert.deepEqual(found.rows, [1], typo);
    assert.ok(found.marks.includes('brightwaterly'), 'the near word is marked');
  }
  assert.deepEqual(search(texts, 'marowdale').rows, [0]);
});

test('rows found by fewer edits come first', () => {
  const texts = rows(['Marrowdale'], ['Harrowdale'], ['Marrowdole'], ['Marrowdalle']);
  assert.deepEqual(search(texts, 'marrowdal').rows, [0, 3], 'as written, a word start is enough');
  assert.deepEqual(search(texts, 'marrowdalx').rows, [0, 2, 3], 'one edit before two');
});

test('near words are tried only when the words as written find nothing', () => {
  const texts = rows(['Form 12'], ['From the sea']);
  assert.deepEqual(search(texts, 'form').rows, [0]);
  assert.deepEqual(search(texts, 'frm').rows, [], 'three letters must be as written');
});

test('a short word or a number is never taken for a near one', () => {
  const texts = rows(['Item 0001'], ['Item 0002']);
  assert.deepEqual(search(texts, '0003').rows, []);
});

test('a quoted phrase finds its words together and in order, and only there', () => {
  const texts = rows(['Quillfeather Marrowdale'], ['Marrowdale Quillfeather'], ['Quillfeather', 'Marrowdale'],
    ['Quillfeather Marrowdales']);
  assert.deepEqual(search(texts, '"quillfeather marrowdale"').rows, [0]);
  assert.deepEqual(search(texts, 'quillfeather marrowdale').rows, [0, 1, 2, 3], 'without quotes, anywhere');
  assert.deepEqual(search(texts, '"quillfeather marrowdale').rows, [0, 3], 'an open quote’s last word may go on');
  assert.deepEqual(search(texts, '"Quillfeather Marowdale"').rows, [], 'quotes mean as written');
});

test('a phrase and a word together', () => {
  const texts = rows(['New York', 'Albany'], ['York', 'New Haven']);
  assert.deepEqual(search(texts, '"new york" albany').rows, [0]);
  assert.deepEqual(search(texts, '"new york"').rows, [0]);
});

test('nothing found, a near word is offered', () => {
  const texts = rows(['Ada Brightwaterly'], ['Berlin']);
  // Three edits: past what a typo may be, one more than the suggestion allows.
  assert.equal(search(texts, 'brigtwatrly').rows.length, 1, 'two edits still find it');
  const found = search(texts, 'brgtwatrly');
  assert.deepEqual(found.rows, []);
  assert.equal(found.suggestion, 'brightwaterly');
  assert.equal(search(texts, 'brln').suggestion, 'berlin', 'a short word, one edit more');
  assert.equal(search(texts, 'zzzzzz').suggestion, null, 'nothing near, nothing offered');
});

test('words of a script without spaces are found anywhere in a row', () => {
  const texts = rows(['東京都庁'], ['京都']);
  assert.deepEqual(search(texts, '京都').rows, [0, 1]);
});

test('the query’s key is the same for queries that mean the same', () => {
  assert.equal(queryOf('  New   York ').key, queryOf('new york').key);
  assert.notEqual(queryOf('"new york"').key, queryOf('new york').key);
  assert.equal(queryOf('--').isEmpty, true);
});

test('rows read one at a time (sharded) are found and ordered as the whole table’s index finds them', () => {
  const texts = rows(['Quillfeather Marrowdale', 'York'], ['Marrowdale Quillfeather', 'Hull'], ['Yorkminster', 'Leeds'],
    ['Zed York', 'Selby'], ['Ada Brightwaterly', 'Leeds'], ['New York', 'Albany']);
  const index = matching.indexOf(texts);
  const one = (query, nearOf) => texts.map((text, row) => [matching.scoreFields(matching.fieldsOf(text), query, nearOf), row])
    .filter(([score]) => score >= 0).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, row]) => row);
  for (const typed of ['york', 'yor', 'marrowdale quill', '"quillfeather marrowdale"', '"new york" albany', 'leeds', 'zzz']) {
    const query = queryOf(typed);
    assert.deepEqual(one(query, null), matching.find(index, query).rows, typed);
  }
  for (const typed of ['brihgtwaterly', 'marowdale hull', 'yrok']) {
    const query = queryOf(typed);
    const words = Array.from(new Set(texts.flatMap((text) => matching.fieldsOf(text).flat()))).map((word) => [word, 1]);
    const nearOf = query.words.map((word) => (word.near ? new Map(nearTerms(word.text, words)) : null));
    assert.deepEqual(one(query, nearOf), matching.find(index, query).rows, typed);
  }
});
