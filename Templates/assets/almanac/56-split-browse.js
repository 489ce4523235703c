const splitBrowse = (ui) => {
  // ---- A split page: its rows are on other pages, so what the filters and order leave is
  // listed as results, found in files made at build time (BrowseData.swift, read by
  // `browseFiles`). A click reads the lists of the values chosen; counts come from the
  // manifest's tables of value pairs, or, once a range, a search or a third field makes them
  // need more, from the records in the range's order (`rangeRecords`), or at the last from
  // columns of every row's values. A sorted view reads the order's files only as far as it
  // shows.
  // `ui`: the panel (`panel`, `filters` and what tells their choices: `isRange`, `keyOf`,
  // `chosen`, `choiceOf`, `isActive`), `showCounts`, and the order (`order()`,
  // `sortFields()`) and the section index (`index()`) as they are at each refresh, and
  // whether the panel is closed (`isClosed()`). Gives `{ connect(search), refresh(),
  // follow() }`. ----
  const { load: loadManifest, file, rowsOf, column } = browseFiles();
  let manifest = null;
  const load = () => loadManifest().then((loaded) => { manifest = loaded; return loaded; });
  // A filter's counts from the pair tables: with no other filter applied, the build's own;
  // with one other of single values applied, the sum of its chosen values' rows. Null when
  // they cannot tell.
  const pairCounts = (f, active, chosenSets) => {
    const others = active.map((on, g) => (on && g !== f ? g : -1)).filter((g) => g >= 0);
    if (others.length === 0) return manifest.filters[f].counts.slice();
    const g = others[0];
    if (others.length > 1 || ui.isRange(ui.filters[g]) || !manifest.filters[g].single) return null;
    const [a, b] = g < f ? [g, f] : [f, g];
    const table = manifest.pairs[a + ' ' + b];
    if (!table) return null;
    const width = manifest.filters[b].counts.length;
    const counts = new Array(manifest.filters[f].counts.length).fill(0);
    for (const c of chosenSets[g]) {
      for (let v = 0; v < counts.length; v += 1) counts[v] += g < f ? table[c * width + v] : table[v * width + c];
    }
    return counts;
  };
  // The rows every value filter chosen leaves, from the value lists: ascending.
  const listedRows = async (chosenSets) => {
    let result = null;
    for (const [f, filter] of ui.filters.entries()) {
      if (ui.isRange(filter) || !ui.isActive(filter)) continue;
      let either = new Int32Array(0);
      for (const list of await Promise.all(Array.from(chosenSets[f], (v) => rowsOf(f, v)))) either = rowset.union(either, list);
      result = result ? rowset.intersection(result, either) : either;
    }
    return result;
  };
  // What the records in the range's order give (RangeIndex.swift), or the search's own rows
  // with their values (a word of its own: SearchIndex's values beside a leaf's rows) when
  // those are fewer, or null when neither can tell. Out of the range, the rows read are taken
  // from what the pair tables and the value lists give for the filters of values alone.
  const fromRecords = async (found, query, choices, chosenSets) => {
    const widths = ui.filters.map((filter) => (ui.isRange(filter) ? null : filter.boxes.length));
    const valuesOnly = ui.filters.map((filter, f) => ui.isActive(filter) && !ui.isRange(filter));
    const withoutRange = ui.filters.map((filter, f) => (ui.isRange(filter) ? null : pairCounts(f, valuesOnly, chosenSets)));
    const columnRows = found ? new Set(Array.from(found, (row) => Math.floor(row / manifest.columnRows))).size * manifest.columnRows : manifest.rows;
    const plan = rangeRecords.plan({ choices, widths, counts: manifest.filters.map((filter) => filter.counts), firsts: manifest.records,
      recordRows: manifest.recordRows, rangeFilter: manifest.rangeFilter, found: Boolean(found),
      pairsKnown: withoutRange.every((counts, f) => widths[f] === null || counts), columnRows });
    const carried = found && search && search.valuesFor ? search.valuesFor(query) : null;
    if (carried && carried.rows <= Math.min(columnRows, plan ? plan.parts.length * manifest.recordRows : Infinity)) {
      const parts = (await carried.load()).map((chunk) => ({ filter: -1, value: -1, chunk, keys: chunk[manifest.rangeFilter + 1] || null }));
      return rowset.narrow(rangeRecords.columnsOf(parts, widths, manifest.rows, manifest.rangeFilter).columns, choices, manifest.rows, found);
    }
    if (!plan) return null;
    return rangeRecords.narrowBy(plan, { choices, widths, rangeFilter: manifest.rangeFilter, total: manifest.rows, found, read: file,
      listed: () => listedRows(chosenSets), pairs: withoutRange });
  };
  // What the filters and the search leave: `rows` ascending (null: every row), and each
  // filter's counts.
  const narrow = async (found, query) => {
    const active = ui.filters.map(ui.isActive);
    const chosenSets = ui.filters.map((filter) => (ui.isRange(filter) ? null : ui.chosen(filter)));
    const fromPairs = ui.filters.map((filter, f) => (ui.isRange(filter) ? null : pairCounts(f, active, chosenSets)));
    const anyRange = ui.filters.some((filter, f) => ui.isRange(filter) && active[f]);
    if (!found && !anyRange && ui.filters.every((filter, f) => ui.isRange(filter) || fromPairs[f])) {
      return { rows: await listedRows(chosenSets), counts: fromPairs };
    }
    const choices = ui.filters.map(ui.choiceOf);
    const recorded = await fromRecords(found, query, choices, chosenSets);
    if (recorded) return recorded;
    // Every row's values: the rows found, or every row, counted against every filter.
    const columnsOf = await Promise.all(ui.filters.map((filter, f) => column('c' + f, ui.isRange(filter), filter.boxes.length, found)));
    return rowset.narrow(columnsOf, choices, manifest.rows, found);
  };
  // The rows of `rows` (null: every row) in the chosen order, found as far as they are asked
  // for: `upTo(n)` resolves to the first `n` (fewer at the end), having read the order's
  // files only as far as that takes. Asked again, it goes on from where it stopped.
  const inOrder = (rows, found) => {
    if (!ui.order()) {
      return { upTo: async (n) => (rows ? Array.from(rows.subarray(0, n)) : Array.from({ length: Math.min(n, manifest.rows) }, (_, k) => k)) };
    }
    const s = ui.sortFields().indexOf(ui.order().replace(/^-/, ''));
    const descending = ui.order()[0] === '-';
    if (found && rows) {
      // A search's rows are few and spread over every file of an order: their ranks sort them.
      let sorted = null;
      return { upTo: async (n) => {
        if (!sorted) sorted = rowset.order((await column('k' + s, false, 0, rows)).values, rows, descending);
        return Array.from(sorted.subarray(0, n));
      } };
    }
    const wanted = rows ? new Uint8Array(manifest.rows) : null;
    if (rows) for (const row of rows) wanted[row] = 1;
    const picked = [];
    const pages = Math.ceil(manifest.rows / manifest.orderRows);
    let page = 0;
    let reading = Promise.resolve();
    const readTo = async (n) => {
      for (; page < pages && picked.length < n; page += 1) {
        for (const row of await file('o' + s + (descending ? 'd' : 'a') + '-' + page)) if (!wanted || wanted[row]) picked.push(row);
      }
      return picked.slice(0, n);
    };
    // One reading at a time, so that the rows of a file come before those of the next.
    return { upTo: (n) => (reading = reading.then(() => readTo(n))) };
  };
  // `[address, label, section title]` of rows, read a file of rows at a time.
  const facts = async (rowsShown) => {
    const stems = new Set(rowsShown.map((row) => 'r' + Math.floor(row / manifest.factRows)));
    const read = new Map(await Promise.all(Array.from(stems, async (stem) => [stem, await file(stem)])));
    return rowsShown.map((row) => {
      const [label, section, href] = read.get('r' + Math.floor(row / manifest.factRows))[row % manifest.factRows];
      return [href, label, manifest.sections[section][1]];
    });
  };
  let search = null;
  let generation = 0;
  let narrowed = null;
  // A reader reaching for the panel is about to use it: the manifest is read then, not
  // after the click.
  for (const type of ['pointerdown', 'focusin']) ui.panel.addEventListener(type, () => load().catch(() => {}), { once: true });
  // With no filter chosen and the page's own order, the page's own parts show again.
  const release = (measured) => {
    resultsView.clear();
    if (!status.classList.contains('search-error')) status.textContent = '';
    noResults.hidden = true;
    if (search) search.release();
    measured();
  };
  // The rows and counts for the filters and the search's rows; a new order alone leaves
  // them as they were.
  const narrowFor = async (found, query) => {
    const state = JSON.stringify([ui.filters.map((filter) => (ui.isRange(filter) ? [ui.keyOf(filter.from), ui.keyOf(filter.to)]
      : Array.from(ui.chosen(filter)).sort((a, b) => a - b))), found ? query.key : null]);
    if (!narrowed || narrowed.state !== state) {
      narrowed = { state, ...(await narrow(found ? Int32Array.from(found).sort() : null, query)) };
    }
    return narrowed;
  };
  // The index's letters for the sections that hold a row of `result`.
  const enableSections = (result) => {
    const starts = manifest.sectionStarts;
    const matched = new Set();
    let section = 0;
    for (const row of result) {
      while (section + 1 < starts.length && starts[section + 1] <= row) section += 1;
      matched.add(section);
    }
    manifest.sections.forEach(([id], k) => sectionIndex.setEnabled(id, matched.has(k)));
  };
  // The first `MAX_RESULTS` of `result` in the chosen order, listed a screenful at a time:
  // the first at once, each next one when the reader asks for it or scrolls near the end, so
  // a step reads the facts and the order's files of the rows it shows, not of a hundred.
  // False once a newer refresh took over.
  const list = async (result, found, terms, note, current, measured) => {
    const rows = inOrder(result, found);
    const cap = Math.min(MAX_RESULTS, result ? result.length : manifest.rows);
    let described = [];
    const grow = async (wanted) => {
      const picked = await rows.upTo(Math.min(wanted, cap));
      const added = await facts(picked.slice(described.length));
      if (!current()) return false;
      described = described.concat(added);
      const extend = described.length < cap && picked.length >= wanted ? () => grow(described.length + SCREENFUL * 2) : null;
      if (described.length === 0) resultsView.showNothing('');
      else resultsView.show(described.length, (k) => described[k], terms, note, extend);
      return true;
    };
    if (!(await grow(SCREENFUL))) return false;
    measured();
    return current();
  };
  // With no filter chosen the search lists its own results, and the panel's counts still
  // follow it: once typing pauses and while the panel is open, the search's rows are counted
  // (the files that takes are read then, not at every keystroke).
  const FOLLOW_AFTER = 300;
  let followTimer = 0;
  let followed = false;
  const follow = () => {
    const mine = generation;
    clearTimeout(followTimer);
    followTimer = setTimeout(async () => {
      const query = search ? search.query() : queryOf('');
      // Counts never changed are the build's, right for every row.
      if (ui.isClosed() || (query.isEmpty && !followed)) return;
      followed = true;
      try {
        await load();
        const found = query.isEmpty ? null : await search.matches(query);
        if (mine !== generation) return;
        const { counts } = await narrowFor(found, query);
        if (mine === generation) ui.showCounts(counts);
      } catch { /* the counts stay as they were; the search says so if its data failed */ }
    }, FOLLOW_AFTER);
  };
  const refresh = async () => {
    clearTimeout(followTimer);
    const mine = ++generation;
    const current = () => mine === generation;
    const started = performance.now();
    // Read by the benchmark: from a change to the first screenful of results shown.
    const measured = () => performance.measure('almanac-browse', { start: started });
    // Under any order but the page's own, the list has no sections to jump to.
    if (ui.index()) ui.index().hidden = ui.order() !== '';
    if (!ui.filters.some(ui.isActive) && ui.order() === '') { release(measured); return; }
    try {
      await load();
      const query = search ? search.query() : queryOf('');
      const found = query.isEmpty ? null : await search.matches(query);
      if (!current()) return;
      // A word too short to look up in sharded search data narrows nothing yet.
      const tooShort = !query.isEmpty && !found ? phrases.counted('type_at_least_these', contract.shardKeyLength) : '';
      const { rows: result, counts } = await narrowFor(found, query);
      const terms = query.words.map((word) => word.text);
      if (!current()) return;
      ui.showCounts(counts);
      const total = result ? result.length : manifest.rows;
      announce(total);
      const more = total > MAX_RESULTS ? phrases.text('showing_first_filters', { shown: phrases.number(MAX_RESULTS), total: phrases.number(total) }) : '';
      const listed = await list(result, found, terms, [tooShort, more].filter(Boolean).join(' '), current, measured);
      if (listed && result) enableSections(result);
    } catch {
      if (current()) fail('filters_unavailable');
    }
  };
  return { connect: (connected) => { search = connected; }, refresh, follow };
};
