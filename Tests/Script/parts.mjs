// Parts of the page script, loaded as the build joins them (Sources/Almanac/PageScript.swift),
// for unit tests: inside one function, after the contract a real build wrote, with the names
// the test asks for handed back. A part that reads the page gets the stand-ins the test gives.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const partsFolder = join(root, 'Templates', 'assets', 'almanac');

const builds = new Map();
/**
 * What a real build in `locale` writes for the script: its contract (the top of the joined
 * script) and a listing page's strings table (`<script id="almanac-words">`).
 */
export const built = (locale = 'en') => {
  if (builds.has(locale)) return builds.get(locale);
  const site = mkdtempSync(join(tmpdir(), 'almanac-script-'));
  try {
    mkdirSync(join(site, 'Content'));
    writeFileSync(join(site, 'Content', 'almanac.yaml'), 'title: Parts\nlocale: ' + locale + '\n');
    writeFileSync(join(site, 'Content', 'things.md'), '---\ndata: things.csv\n---\n');
    writeFileSync(join(site, 'Content', 'things.csv'), 'name\nApple\nBanana\n');
    // ALMANAC_BIN is taken from where the tests were started; the build runs in its own folder.
    const almanac = process.env.ALMANAC_BIN ? resolve(process.env.ALMANAC_BIN) : join(root, '.build', 'debug', 'almanac');
    execFileSync(almanac, ['build', '--quiet'], { cwd: site });
    const assets = join(site, 'Output', 'assets');
    const script = readdirSync(assets).find((name) => /^almanac\.[0-9a-f]+\.js$/.test(name));
    const line = readFileSync(join(assets, script), 'utf8').split('\n')[2];
    const page = readFileSync(join(site, 'Output', 'things.html'), 'utf8');
    const words = page.match(/<script type="application\/json" id="almanac-words">([^<]*)<\/script>/);
    const found = {
      contract: JSON.parse(line.replace(/^const contract = /, '').replace(/;$/, '')),
      words: words ? JSON.parse(words[1]) : null,
    };
    builds.set(locale, found);
    return found;
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
};

/** The part files by the subject in their names (`text` for `10-text.js`). */
const partFile = (subject) => {
  const file = readdirSync(partsFolder).find((name) => name.replace(/^\d+-/, '') === subject + '.js');
  if (!file) throw new Error('no part of the page script is about ' + subject);
  return join(partsFolder, file);
};

/**
 * Runs the parts named by `subjects`, in the order given, and returns the values of `names`
 * they declare. `page`: what the parts may read of the page (`document`, `window`, …).
 */
export const load = (subjects, names, page = {}) => {
  const source = subjects.map((subject) => readFileSync(partFile(subject), 'utf8')).join('\n');
  const body = "'use strict';\n" + source + '\nreturn { ' + names.join(', ') + ' };';
  const inputs = Object.keys(page);
  return new Function('contract', ...inputs, body)(built().contract, ...inputs.map((name) => page[name]));
};

/** A page holding only its strings table (`<script id="almanac-words">`), as `phrases` reads it. */
export const pageWithWords = (words) => ({
  document: {
    getElementById: (id) => (id === 'almanac-words' && words ? { textContent: JSON.stringify(words) } : null),
  },
});

/**
 * A page whose scripts are `files` (address → script text): what `dataFiles` and
 * `loadScript` read. A script appended to the head runs, a turn later as in a browser, with
 * this page's `document`, then says `load`; one the host does not have says `error`.
 * `loaded` lists the addresses asked for, in order.
 */
export const hostPage = (files) => {
  const loaded = [];
  const document = new EventTarget();
  document.getElementById = () => null;
  document.createElement = () => new EventTarget();
  document.head = {
    appendChild: (script) => {
      loaded.push(script.src);
      setTimeout(() => {
        if (!(script.src in files)) { script.dispatchEvent(new Event('error')); return; }
        new Function('document', 'CustomEvent', files[script.src])(document, CustomEvent);
        script.dispatchEvent(new Event('load'));
      });
    },
  };
  return { document, loaded };
};
