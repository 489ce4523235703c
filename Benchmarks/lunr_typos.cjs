// Lunr (Debian's node-lunr) on the benchmark's typo queries, for typo_bench.py: builds an index
// of the records' name and city, as a site would ship it, and answers each query with Lunr's
// own edit distance (`word~1`, `~2` from eight letters, as Almanac allows).
// Usage: node lunr_typos.cjs RECORDS.json QUERIES.json  → JSON on stdout.
const fs = require('node:fs');
const zlib = require('node:zlib');
const lunr = require('/usr/share/nodejs/lunr');

const [recordsPath, queriesPath] = process.argv.slice(2);
const records = JSON.parse(fs.readFileSync(recordsPath, 'utf8'));
const queries = JSON.parse(fs.readFileSync(queriesPath, 'utf8'));
const started = process.hrtime.bigint();
const index = lunr(function build() {
  this.ref('i');
  this.field('name');
  this.field('city');
  records.forEach((record, i) => this.add({ i: String(i), name: record.name, city: record.city }));
});
const built = Number(process.hrtime.bigint() - started) / 1e9;
const serialized = JSON.stringify(index);
const letters = (word) => Array.from(word).length;
const answers = queries.map(({ query, phrase }) => {
  const words = query.replace(/"/g, '').split(/\s+/).filter(Boolean);
  // Lunr has no phrases: each word is required, in any order.
  const text = words.map((word) => '+' + word + (phrase ? '' : '~' + (letters(word) >= 8 ? 2 : 1))).join(' ');
  const begun = process.hrtime.bigint();
  let results = [];
  try { results = index.search(text); } catch { results = []; }
  return { rows: results.slice(0, 100).map((result) => Number(result.ref)), found: results.length,
    ms: Number(process.hrtime.bigint() - begun) / 1e6 };
});
process.stdout.write(JSON.stringify({
  build_s: built, index_bytes: Buffer.byteLength(serialized), index_gzip: zlib.gzipSync(serialized, { level: 6 }).length, answers,
}));
