// ---- Strategy: a large table's search data in shards, read as a query needs them
// (43-shard-plan.js), read ahead between keystrokes (45-shard-read-ahead.js), and near words
// tried when the words as written find nothing (46-shard-near.js). Rows are matched and
// ordered by the one rule of 38-matching.js. ----
const sharded = (manifest) => {
  const field = Object.fromEntries(contract.shardEntry.map((name, index) => [name, index]));
  const plan = shardPlan(manifest);
  const near = shardNear(plan, manifest);
  const entries = {
    row: (entry) => entry[field.row],
    words: (entry) => entry[field.words],
    // A quick test of every word as the start of a row's word, before the full rule.
    matchesAll: (entry, words) => {
      const text = ' ' + entry[field.words];
      return words.every((word) => text.includes(' ' + word));
    },
    // A page of one word's leaf that holds a full list of results answers the query by
    // itself unless the word is longer than the leaf's key (then not every entry matches);
    // a pack (several small leaves) never does.
    answersAlone: (words, [key, page]) => words.length === 1 && !plan.isPacked(key)
      && Array.from(words[0]).length <= Array.from(key).length
      && Math.min(manifest.pageSize, manifest.shards[key] - page * manifest.pageSize) >= MAX_RESULTS,
  };
  const fieldsOf = (entry) => entry[field.words].split(contract.shardFieldBreak).map((words) => words.split(' '));
  const scoreOf = (entry, query, nearOf) => matching.scoreFields(fieldsOf(entry), query, nearOf);
  // Whether a leaf holds only rows a query of one word (no other, no quotes) finds, and has
  // its rows alone: its key begins with the word.
  const wholeLeaf = (query) => (key) => query.words.length === 1 && query.quoted.length === 0 && plan.hasRows(key)
    && Array.from(query.words[0].text).length <= Array.from(key).length;
  let generation = 0;
  const readAhead = shardReadAhead(plan, entries, (mine) => mine === generation);
  const READ_AHEAD = readAhead.READ_AHEAD;
  const typeMore = phrases.counted('type_at_least', contract.shardKeyLength);
  const typeMoreOfEach = phrases.counted('type_at_least_each', contract.shardKeyLength);

  // One search's state: its query, the pages it reads (`wanted`, of its rarest word's leaves
  // `rarest`), how many are read, the rows found so far (row → [score, entry]) and the words
  // to mark in them. `mine` tells whether it is still the last search.
  const runFor = (query, mine, done) => {
    const words = query.words.map((word) => word.text);
    const { long, rarest, wanted } = plan.planFor(words);
    // A short word narrows what the longer words find but cannot choose the pages to read
    // (`falcon r`: every page of `falcon` holds candidates): such a query reads what one
    // round trip brings, and the list says there may be more until the word is longer.
    const budget = long.length < words.length ? READ_AHEAD : Infinity;
    return { query, mine, done, words, rarest, wanted, budget, asked: new Set(), loaded: 0, found: new Map(), marks: words, answered: false, shownSoFar: 0 };
  };
  const isLast = (run) => run.mine === generation;
  const take = (run, read, nearOf = null) => {
    for (const entry of read) {
      if (run.found.has(entries.row(entry)) || (!nearOf && !entries.matchesAll(entry, run.words))) continue;
      const score = scoreOf(entry, run.query, nearOf);
      if (score >= 0) run.found.set(entries.row(entry), [score, entry]);
    }
  };
  // `searching`: more pages are on their way, and what is found so far is shown meanwhile;
  // `complete`: every page the query needs is read.
  const show = (run, searching, complete) => {
    const { found } = run;
    const ordered = Array.from(found.values()).sort((a, b) => a[0] - b[0] || entries.row(a[1]) - entries.row(b[1])).map(([, entry]) => entry);
    const shown = Math.min(found.size, MAX_RESULTS);
    const isAll = complete && found.size <= MAX_RESULTS;
    // Stopped short of the pages a short word would need: there may be more.
    const partial = !searching && !complete && found.size < MAX_RESULTS;
    run.shownSoFar = shown;
    resultsView.show(shown, (k) => [
      ordered[k][field.href], ordered[k][field.label], manifest.sections[ordered[k][field.section]].title], run.marks,
    searching || isAll ? '' : partial ? typeMoreOfEach
      : narrowHint(shown, complete ? phrases.counted('results', found.size) : phrases.counted('results_over', shown)));
    if (complete) {
      const matched = new Set(ordered.map((entry) => entry[field.section]));
      manifest.sections.forEach(({ id }, index) => sectionIndex.setEnabled(id, matched.has(index)));
    }
    if (found.size === 0 && !searching && !partial) announce(0);
    else {
      noResults.hidden = true;
      status.textContent = searching || partial ? phrases.counted('results_so_far', found.size)
        : complete ? phrases.counted('results', found.size) : phrases.counted('results_over', shown);
    }
    if (!run.answered) { run.answered = true; run.done(); }
  };
  // One leaf's rows come in order, page after page: a screenful found in its first pages is
  // the screenful the finished search begins with, so it is shown while the rest of a long
  // leaf loads (`summit labs` reads every page of the rarer word's shard).
  const showSoFar = (run) => {
    if (run.rarest.length === 1 && run.found.size >= SCREENFUL && run.found.size > run.shownSoFar) show(run, true, false);
  };
  // Nothing found as written: the near words' shards, and failing those, a suggestion.
  const tryNear = async (run) => {
    resultsView.hold();
    const nearOf = await near.nearOf(run.query);
    if (!isLast(run)) return;
    const pages = nearOf.some((terms) => terms && terms.size > 0) ? near.pagesFor(run.query, nearOf) : [];
    // In rounds of one file, then two, four…: the pages of the nearest, commonest words come
    // first, and most near queries fill the list from the first of them.
    for (let at = 0, round = 1; at < pages.length && run.found.size < MAX_RESULTS; at += round, round *= 2) {
      for (const read of await Promise.all(pages.slice(at, at + round).map((page) => plan.loadPage(...page)))) take(run, read, nearOf);
      if (!isLast(run)) return;
    }
    run.marks = matching.marksOf(run.query, nearOf);
    const suggestion = run.found.size === 0 ? await near.suggestionFor(run.query) : null;
    if (!isLast(run)) return;
    offer(suggestion, run.query.typed);
    show(run, false, true);
  };
  const finish = (run) => {
    const complete = run.loaded >= run.wanted.length;
    if (complete && run.found.size === 0 && run.query.words.some((word) => word.near)) {
      tryNear(run).catch(() => { if (isLast(run)) fail('search_unavailable'); });
      return;
    }
    offer(null);
    show(run, false, complete);
    readAhead.whenPaused(run.mine, run.words, new Map(Array.from(run.found, ([row, [, entry]]) => [row, entry])));
  };
  const ask = (run, at) => { run.asked.add(at); return plan.loadPage(...run.wanted[at]); };
  // The page needed now is asked for first. The files after it are asked for at the same time
  // when they may be needed: a query that reads several waits for one round trip, not one per
  // file, and one that needs a single page reads only it.
  const askFrom = (run, at) => {
    resultsView.hold();
    ask(run, at).then((read) => {
      if (!isLast(run)) return;
      take(run, read);
      run.loaded += 1;
      next(run);
    }, () => { if (isLast(run)) fail('search_unavailable'); });
    if (entries.answersAlone(run.words, run.wanted[at])) return;
    for (let ahead = at + 1; ahead < Math.min(run.wanted.length, at + READ_AHEAD) && run.asked.size < run.budget; ahead += 1) {
      if (!run.asked.has(ahead)) ask(run, ahead).catch(() => {});
    }
  };
  // Runs without yielding while the pages it needs are in memory (every keystroke after the
  // first of a word), so a typed letter is answered in the same frame.
  const next = (run) => {
    while (run.loaded < run.wanted.length && run.found.size < MAX_RESULTS) {
      const cached = plan.pageOf(...run.wanted[run.loaded]);
      if (!cached) {
        if (!run.asked.has(run.loaded) && run.asked.size >= run.budget) break;
        askFrom(run, run.loaded);
        showSoFar(run);
        return;
      }
      take(run, cached);
      run.loaded += 1;
    }
    finish(run);
  };

  return {
    search: (query, done) => {
      const mine = ++generation;
      const words = query.words.map((word) => word.text);
      if (!plan.planFor(words)) {
        offer(null);
        resultsView.showNothing(typeMore);
        noResults.hidden = true;
        status.textContent = typeMore;
        done();
        readAhead.whenPaused(mine, words, new Map());
        return;
      }
      next(runFor(query, mine, done));
    },
    clear: () => { generation += 1; offer(null); resultsView.clear(); },
    // The rows `matches` finds with each filter's value of them, when every leaf the query
    // reads has its rows alone (else null): `rows`, how many rows that reads, and `load()`,
    // which resolves to chunks `[row differences, column of each filter]` as the filters'
    // records are (rangeRecords.columnsOf).
    valuesFor: (query) => {
      const planned = plan.planFor(query.words.map((word) => word.text));
      const keys = planned ? Array.from(new Set(planned.wanted.map(([key]) => key))) : [];
      if (keys.length === 0 || !keys.every(wholeLeaf(query))) return null;
      const load = () => Promise.all(keys.map(async (key) => {
        const [rows, values] = await Promise.all([plan.loadPage(key, contract.shardRows), plan.loadValues(key)]);
        return [rows, ...values];
      }));
      return { rows: plan.rowsIn(keys), load };
    },
    // Every row the query finds, for the filters to narrow: every page of its rarest word,
    // not only those a first hundred results need, or of its near words when the words as
    // written find none. Null when a word is too short to look up. A word of its own (no
    // other word, no quotes) finds every row of a leaf whose key begins with it: such a leaf
    // of many pages is read as its rows alone.
    matches: async (query) => {
      const planned = plan.planFor(query.words.map((word) => word.text));
      if (!planned) return null;
      const whole = wholeLeaf(query);
      const rowsOf = async (pages, nearOf) => {
        const found = new Set();
        const wholeLeaves = nearOf ? [] : Array.from(new Set(pages.map(([key]) => key).filter(whole)));
        for (const rows of await Promise.all(wholeLeaves.map(plan.loadRows))) for (const row of rows) found.add(row);
        const rest = pages.filter(([key]) => !wholeLeaves.includes(key));
        for (const read of await Promise.all(rest.map((page) => plan.loadPage(...page)))) {
          for (const entry of read) if (scoreOf(entry, query, nearOf) >= 0) found.add(entries.row(entry));
        }
        return Array.from(found);
      };
      const found = await rowsOf(planned.wanted, null);
      if (found.length > 0 || !query.words.some((word) => word.near)) return found;
      const nearOf = await near.nearOf(query);
      return nearOf.some((terms) => terms && terms.size > 0) ? rowsOf(near.pagesFor(query, nearOf), nearOf) : [];
    },
  };
};
