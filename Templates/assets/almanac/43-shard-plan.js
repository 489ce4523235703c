// ---- Shard planning: which files a sharded page's query reads. A large table's data is
// sharded by word prefix, cut where a prefix holds few rows (SearchShards.swift); a query
// loads only the shards of its rarest word, a page of entries at a time. ----
const shardPlan = (manifest) => {
  const whole = contract.shardWholeWord;
  const shortest = contract.shardKeyLength;
  // Sorted keys: the leaves under a prefix are one run of them.
  const keys = Object.keys(manifest.shards).sort();
  // A leaf's rows; a leaf smaller than a page is `[rows, pack]`, in a file it shares with
  // the small leaves beside it (SearchShards.packs).
  const isPacked = (key) => typeof manifest.shards[key] !== 'number';
  const size = (key) => (isPacked(key) ? manifest.shards[key][0] : manifest.shards[key]);
  // Every key that begins with `word`.
  const keysUnder = (word) => {
    const under = [];
    for (let i = matching.firstAtLeast(keys, word); i < keys.length && keys[i].startsWith(word); i += 1) under.push(keys[i]);
    return under;
  };
  // Leaves with the most rows first, then by key, so that an order is always the same.
  const largestFirst = (a, b) => size(b) - size(a) || (a < b ? -1 : 1);
  // The leaves holding every word that begins with `word`; null when it is too short.
  const leavesOf = (word) => {
    const letters = Array.from(word);
    if (letters.length < shortest) return manifest.shards[word + whole] ? [word + whole] : null;
    // A prefix leaf that covers the word: the branch was not cut below it.
    for (let length = shortest; length <= letters.length; length += 1) {
      const prefix = letters.slice(0, length).join('');
      if (manifest.shards[prefix] !== undefined) return [prefix];
    }
    // Largest first: a prefix's results begin with its commonest continuation, the one the
    // reader is most likely typing (`sof` lists Software before Sofia).
    return keysUnder(word).sort(largestFirst);
  };
  const rowsIn = (leaves) => leaves.reduce((sum, key) => sum + size(key), 0);
  // Every page of some leaves, `[key, page]`, in order; a pack's once.
  const pagesOf = (leaves) => {
    const pages = new Map();
    for (const key of leaves) {
      if (isPacked(key)) {
        const pack = contract.shardPack + manifest.shards[key][1];
        pages.set(pack, [pack, 0]);
        continue;
      }
      for (let page = 0; page < Math.ceil(size(key) / manifest.pageSize); page += 1) pages.set(key + '/' + page, [key, page]);
    }
    return Array.from(pages.values());
  };
  // The pages a query reads, in order: every page of the leaves of its rarest word. A word
  // too short for a prefix shard only narrows what the longer words find: its whole-word
  // shard holds the rows where it stands alone, not those of the word it begins (`falcon r`
  // on the way to `falcon ridge`). Alone, it is looked up whole. `null`: a word is too short
  // to look up; no pages: a word is in no row.
  const planFor = (words) => {
    const long = words.filter((word) => Array.from(word).length >= shortest);
    const leaves = (long.length > 0 ? long : words).map(leavesOf);
    if (words.length === 0 || leaves.includes(null)) return null;
    if (leaves.some((list) => list.length === 0)) return { long, rarest: [], wanted: [] };
    const rarest = leaves.reduce((best, list) => (rowsIn(list) < rowsIn(best) ? list : best));
    return { long, rarest, wanted: pagesOf(rarest) };
  };
  // The pages in memory and on their way, by `page/key/number`.
  const pages = new Map();
  const idOf = (key, page) => pageName + '/' + key + '/' + page;
  const pageOf = (key, page) => dataFiles.handed('shard', idOf(key, page));
  const isOnItsWay = (key, page) => pages.has(idOf(key, page));
  // A leaf of more than one page has a file of its rows alone (SearchIndex.shardRowsSuffix),
  // as differences: `loadRows(key)` resolves to them ascending.
  const hasRows = (key) => !isPacked(key) && size(key) > manifest.pageSize;
  const loadRows = (key) => loadPage(key, contract.shardRows).then(rowset.fromDifferences);
  // On a page with filters, beside them, each filter's value of those rows, in their order.
  const loadValues = (key) => loadPage(key, contract.shardValues);
  const loadPage = (key, page) => new Promise((resolve, reject) => {
    const id = idOf(key, page);
    const registered = pageOf(key, page);
    if (registered) { resolve(registered); return; }
    if (pages.has(id)) { pages.get(id).push({ resolve, reject }); return; }
    pages.set(id, [{ resolve, reject }]);
    const hex = Array.from(new TextEncoder().encode(key), (byte) => byte.toString(16)).join('');
    const settle = (ok) => () => {
      const entries = dataFiles.handed('shard', id);
      for (const waiter of pages.get(id) || []) { if (ok && entries) waiter.resolve(entries); else waiter.reject(); }
      pages.delete(id);
    };
    loadScript(root + manifest.folder + hex + '-' + page + '.js?v=' + manifest.version, settle(true), settle(false));
  });
  return { keys, isPacked, size, keysUnder, largestFirst, leavesOf, rowsIn, pagesOf, planFor, pageOf, isOnItsWay, loadPage, hasRows, loadRows, loadValues };
};
