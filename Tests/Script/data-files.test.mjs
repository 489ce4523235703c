// The files beside a page (29-data-files.js): each file a real build writes hands its value
// to the page's script through the event the contract names, under the channel and key the
// reading parts ask for, and leaves nothing in the page's globals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { built, hostPage, load } from './parts.mjs';

/** Every data script of a split, sharded page with filters, by its path in the output. */
const builtFiles = () => {
  const site = mkdtempSync(join(tmpdir(), 'almanac-data-files-'));
  try {
    mkdirSync(join(site, 'Content'));
    writeFileSync(join(site, 'Content', 'almanac.yaml'), 'title: Files\n');
    writeFileSync(join(site, 'Content', 'shops.md'),
      '---\ndata: shops.csv\nfilters: [city, opened: range]\nsort: [opened]\nsplit: 2\nsearch_shards: 2\n---\n');
    const rows = ['Apple Bakery,Berlin,1999', 'Apricot Books,Paris,2004', 'Banana Bikes,Berlin,2011',
      'Cherry Cafe,Oslo,2015', 'Citrus Cakes,Paris,2020', 'Date Deli,Oslo,1987'];
    writeFileSync(join(site, 'Content', 'shops.csv'), 'name,city,opened\n' + rows.join('\n') + '\n');
    const almanac = process.env.ALMANAC_BIN ? resolve(process.env.ALMANAC_BIN) : join(process.cwd(), '.build', 'debug', 'almanac');
    execFileSync(almanac, ['build', '--quiet'], { cwd: site });
    const output = join(site, 'Output');
    const files = {};
    const walk = (folder) => {
      for (const entry of readdirSync(folder, { withFileTypes: true })) {
        const path = join(folder, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.js') && !/^almanac\.[0-9a-f]+\.js$/.test(entry.name)) {
          files[relative(output, path)] = readFileSync(path, 'utf8');
        }
      }
    };
    walk(output);
    return files;
  } finally {
    rmSync(site, { recursive: true, force: true });
  }
};

test('every file a build writes beside a page hands one value to the page, under the page’s name', async () => {
  const files = builtFiles();
  const paths = Object.keys(files);
  assert.ok(paths.some((path) => path.includes('search-shops')), 'the page is sharded: ' + paths.join(' '));
  assert.ok(paths.some((path) => path.includes('browse-shops')), 'the page has filter files: ' + paths.join(' '));
  const { contract } = built();
  for (const path of paths) {
    const handed = [];
    const document = new EventTarget();
    document.addEventListener(contract.dataEvent, (event) => handed.push(event.detail));
    const globals = {};
    new Function('document', 'CustomEvent', 'window', files[path])(document, CustomEvent, globals);
    assert.equal(handed.length, 1, path);
    const [channel, key, value] = handed[0];
    assert.ok(Object.values(contract.dataChannels).includes(channel), path + ': ' + channel);
    assert.ok(key === 'shops' || key.startsWith('shops/'), path + ': ' + key);
    assert.notEqual(value, undefined, path);
    assert.deepEqual(Object.keys(globals), [], path + ' sets no global');
  }
});

test('a value handed is the reading part’s until it is let go', async () => {
  const host = hostPage({ 'x.js': 'document.dispatchEvent(new CustomEvent("almanac:data",{detail:["file","shops/c0-0",[1,2]]}));' });
  const { dataFiles, loadScript } = load(['data-files'], ['dataFiles', 'loadScript'], { document: host.document });
  assert.equal(dataFiles.handed('file', 'shops/c0-0'), undefined);
  await new Promise((resolve, reject) => loadScript('x.js', resolve, reject));
  assert.deepEqual(dataFiles.handed('file', 'shops/c0-0'), [1, 2]);
  assert.equal(dataFiles.handed('shard', 'shops/c0-0'), undefined, 'channels are apart');
  dataFiles.letGo('file', 'shops/c0-0');
  assert.equal(dataFiles.handed('file', 'shops/c0-0'), undefined);
  await assert.rejects(new Promise((resolve, reject) => loadScript('missing.js', resolve, reject)));
});
