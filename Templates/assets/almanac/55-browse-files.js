const browseFiles = () => {
  // ---- The files of a split page's filters and orders (BrowseData.swift): its manifest, and
  // each file by its stem, read once (`dataFiles`) and kept. Gives `{ load(), file(stem),
  // rowsOf(filter, value), column(…) }`; `load` resolves to the manifest. ----
  const read = (raw) => Object.fromEntries(Object.entries(contract.browseData).map(([ours, spelled]) => [ours, raw[spelled]]));
  const registered = (stem) => dataFiles.handed('file', pageName + '/' + stem);
  let manifest = null;
  let ready = null;
  const load = () => ready || (ready = new Promise((resolve, reject) => {
    // The entry's name never changes, so it is asked for past any cache; it names this
    // build's manifest, whose name changes with its content.
    loadScript(main.dataset.browseSrc + '?t=' + Date.now(), () => {
      const entry = dataFiles.handed('browse', pageName);
      if (!entry) { reject(); return; }
      dataFiles.letGo('browse', pageName);
      loadScript(root + entry[contract.browseData.file], () => {
        const loaded = dataFiles.handed('browse', pageName);
        if (!loaded) { reject(); return; }
        manifest = read(loaded);
        manifest.filters = manifest.filters.map(read);
        manifest.sorts = manifest.sorts.map(read);
        resolve(manifest);
      }, reject);
    }, reject);
  }));
  const files = new Map();
  const file = (stem) => {
    const have = registered(stem);
    if (have) return Promise.resolve(have);
    if (!files.has(stem)) {
      files.set(stem, new Promise((resolve, reject) => loadScript(root + manifest.folder + stem + '.js?v=' + manifest.version, () => {
        const data = registered(stem);
        if (data) resolve(data); else reject();
      }, reject)));
    }
    return files.get(stem);
  };
  // A value's rows, ascending (the file holds differences).
  const lists = new Map();
  const rowsOf = (f, v) => {
    const stem = 'v' + f + '-' + v;
    if (!lists.has(stem)) {
      lists.set(stem, file(stem).then(rowset.fromDifferences));
    }
    return lists.get(stem);
  };
  // A column (`c`: a filter's values, `k`: an order's ranks) as one typed array a row's
  // number indexes, in the row set's shape: a value number (-1 where the row has several, kept
  // in `several`; `count` values in all), a range key (NaN where there is none), a rank (-1
  // for none). Only the blocks that hold `rows` (ascending; null: every row) are read, so a
  // search's few rows read a few blocks, not a million rows' values. Loops over a million
  // rows read typed arrays several times faster than arrays parsed from JSON.
  const columns = new Map();
  const blocksOf = (rows) => {
    const blocks = [];
    if (!rows) for (let b = 0; b * manifest.columnRows < manifest.rows; b += 1) blocks.push(b);
    else for (const row of rows) { const b = Math.floor(row / manifest.columnRows); if (blocks[blocks.length - 1] !== b) blocks.push(b); }
    return blocks;
  };
  const column = async (stem, isKey, count = 0, rows = null) => {
    if (!columns.has(stem)) {
      const values = isKey ? new Float64Array(manifest.rows).fill(NaN) : new Int32Array(manifest.rows).fill(-1);
      columns.set(stem, { values, several: new Map(), blocks: new Map() });
    }
    const held = columns.get(stem);
    const copy = (b) => file(stem + '-' + b).then((part) => {
      // A parsed block is let go once copied: at a million rows the blocks add up to megabytes.
      files.delete(stem + '-' + b);
      dataFiles.letGo('file', pageName + '/' + stem + '-' + b);
      let row = b * manifest.columnRows;
      for (const value of part) {
        if (typeof value === 'number') held.values[row] = value;
        else if (value !== null) held.several.set(row, value);
        row += 1;
      }
    });
    await Promise.all(blocksOf(rows).map((b) => {
      if (!held.blocks.has(b)) held.blocks.set(b, copy(b));
      return held.blocks.get(b);
    }));
    return isKey ? { keys: held.values } : { values: held.values, several: held.several, count };
  };
  return { load, file, rowsOf, column };
};
