// The reader's state (58-reader.js): one object the views draw from, which the address follows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load } from './parts.mjs';

/** A page with a region filter and a year range, at `href`, whose history and timers are stand-ins. */
const pageAt = (href) => {
  const listeners = {};
  const timers = [];
  const page = {
    location: new URL(href),
    steps: [],
    history: {
      state: null,
      pushState(_, __, to) { page.steps.push(['push', to]); page.location = new URL(to); },
      replaceState(_, __, to) { page.steps.push(['replace', to]); page.location = new URL(to); },
    },
    setTimeout: (callback) => timers.push(callback),
    // A click anywhere on the page.
    click: () => listeners.click(),
    clearTimeout: () => timers.splice(0),
    addEventListener: (type, listener) => { listeners[type] = listener; },
    // Runs the timer left waiting, as a pause in typing lets it.
    pause: () => timers.splice(0).forEach((callback) => callback()),
    // The browser moving to `to`, as back or forward does.
    step: (to) => { page.location = new URL(to); listeners.popstate(); },
    // A link to a place in the page followed: the browser has moved the address.
    follow: (fragment) => { page.location = new URL(fragment, page.location); listeners.hashchange(); },
  };
  const sets = [{ dataset: { filter: 'region', kind: 'values' } }, { dataset: { filter: 'year', kind: 'range' } }];
  const main = { querySelectorAll: (selector) => (selector === '.browse fieldset.filter' ? sets : []) };
  const loaded = load(['address', 'reader'], ['reader', 'readerState'],
    { main, location: page.location, window: page });
  return { page, ...loaded };
};

test('the state begins as the address says', () => {
  const { reader } = pageAt('https://example.org/firms.html?region=North&year=1990..&sort=-year&q=acme');
  assert.deepEqual(reader.get(), { choices: [['North'], { from: '1990', to: '' }], order: '-year', query: 'acme', target: '' });
});

test('each view is told of a change with the state before it and why, and of nothing that changes nothing', () => {
  const { reader } = pageAt('https://example.org/firms.html');
  const told = [];
  reader.watch((state, previous, how) => told.push([state.order, previous.order, how]));
  assert.equal(reader.set({ order: 'name' }, 'chosen'), true);
  assert.equal(reader.set({ order: 'name' }, 'chosen'), false);
  assert.equal(reader.set({ choices: [[], { from: '', to: '' }] }, 'chosen'), false, 'the same choices, as a new object');
  assert.deepEqual(told, [['name', '', 'chosen']]);
});

test('a choice is a step of its own; typing replaces the step once it pauses', () => {
  const { reader, page } = pageAt('https://example.org/firms.html?lang=sv#top');
  reader.set({ choices: [['South'], { from: '', to: '' }] }, 'chosen');
  reader.set({ query: 'a' }, 'typed');
  reader.set({ query: 'ac' }, 'typed');
  assert.equal(page.steps.length, 1, 'nothing is written while typing goes on');
  page.pause();
  assert.deepEqual(page.steps, [
    ['push', 'https://example.org/firms.html?lang=sv&region=South#top'],
    ['replace', 'https://example.org/firms.html?lang=sv&region=South&q=ac#top'],
  ]);
});

test('a choice made while typing pauses takes the search with it, and nothing is written twice', () => {
  const { reader, page } = pageAt('https://example.org/firms.html');
  reader.set({ query: 'berlin' }, 'typed');
  reader.set({ order: '-year' }, 'chosen');
  page.pause();
  assert.deepEqual(page.steps, [['push', 'https://example.org/firms.html?sort=-year&q=berlin']]);
});

test('back and forward bring a step’s state back without writing a step', () => {
  const { reader, page } = pageAt('https://example.org/firms.html?region=North');
  const told = [];
  reader.watch((state, previous, how) => told.push([state.choices[0], how]));
  page.step('https://example.org/firms.html?region=West&region=East&q=x');
  assert.deepEqual(reader.get(), { choices: [['West', 'East'], { from: '', to: '' }], order: '', query: 'x', target: '' });
  assert.deepEqual(told, [[['West', 'East'], 'stepped']]);
  assert.deepEqual(page.steps, []);
});

test('a link followed to a place in the page is the state’s target, already in the address', () => {
  const { reader, page } = pageAt('https://example.org/firms.html?q=ac#row-acme');
  assert.equal(reader.get().target, 'row-acme', 'the fragment the page was opened at');
  const told = [];
  reader.watch((state, previous, how) => told.push([state.target, previous.target, how]));
  reader.set({ query: 'acm' }, 'typed');
  page.follow('#row-s%C3%B6derberg');
  assert.deepEqual(told.at(-1), ['row-söderberg', 'row-acme', 'followed']);
  page.pause();
  assert.deepEqual(page.steps, [['replace', 'https://example.org/firms.html?q=acm#row-s%C3%B6derberg']],
    'following a link leaves the typing pause to write its step, with the place followed to');
  page.step('https://example.org/firms.html?q=ac#row-acme');
  assert.equal(reader.get().target, 'row-acme', 'back brings the place back');
});

test('a click while typing pauses writes the search first, so a link’s step keeps it', () => {
  const { reader, page } = pageAt('https://example.org/firms.html');
  reader.set({ query: 'berl' }, 'typed');
  page.click();
  assert.deepEqual(page.steps, [['replace', 'https://example.org/firms.html?q=berl']]);
  page.follow('#row-berlin');
  page.step('https://example.org/firms.html?q=berl#row-berlin');
  assert.equal(reader.get().query, 'berl');
  page.pause();
  page.click();
  assert.equal(page.steps.length, 1, 'nothing waits, nothing more is written');
});
