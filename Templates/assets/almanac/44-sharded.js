// ---- Strategy: a large table's data is sharded by word prefix, cut where a prefix holds
// few rows (SearchShards.swift); a query loads only the shards of its rarest word, a page of
// entries at a time. ----
const sharded = (manifest) => {
  const field = Object.fromEntries(contract.shardEntry.map((name, index) => [name, index]));
  const whole = contract.shardWholeWord;
  const shortest = contract.shardKeyLength;
  // Sorted keys: the leaves under a prefix are one run of them.
  const keys = Object.keys(manifest.shards).sort();
  const firstAtLeast = (word) => {
    let low = 0;
    let high = keys.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (keys[middle] < word) low = middle + 1; else high = middle;
    }
    return low;
  };
  // Every key that begins with `word`.
  const keysUnder = (word) => {
    const under = [];
    for (let i = firstAtLeast(word); i < keys.length && keys[i].startsWith(word); i += 1) under.push(keys[i]);
    return under;
  };
  // Leaves with the most rows first, then by key, so that an order is always the same.
  const largestFirst = (a, b) => manifest.shards[b] - manifest.shards[a] || (a < b ? -1 : 1);
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
  const rowsIn = (leaves) => leaves.reduce((sum, key) => sum + manifest.shards[key], 0);
  const pages = new Map();
  const pageOf = (key, page) => (window.AlmanacSearchShards || {})[pageName + '/' + key + '/' + page];
  const loadPage = (key, page) => new Promise((resolve, reject) => {
    const id = pageName + '/' + key + '/' + page;
    const registered = pageOf(key, page);
    if (registered) { resolve(registered); return; }
    if (pages.has(id)) { pages.get(id).push({ resolve, reject }); return; }
    pages.set(id, [{ resolve, reject }]);
    const hex = Array.from(new TextEncoder().encode(key), (byte) => byte.toString(16)).join('');
    const settle = (ok) => () => {
      const entries = (window.AlmanacSearchShards || {})[id];
      for (const waiter of pages.get(id) || []) { if (ok && entries) waiter.resolve(entries); else waiter.reject(); }
      pages.delete(id);
    };
    loadScript(root + manifest.folder + hex + '-' + page + '.js?v=' + manifest.version, settle(true), settle(false));
  });
  const READ_AHEAD = 3;
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
    const wanted = [];
    for (const key of rarest) {
      const pageCount = Math.ceil(manifest.shards[key] / manifest.pageSize);
      for (let page = 0; page < pageCount; page += 1) wanted.push([key, page]);
    }
    return { long, rarest, wanted };
  };
  const matchesAll = (entry, words) => {
    const text = ' ' + entry[field.words];
    return words.every((word) => text.includes(' ' + word));
  };

  // A page of one word's leaf that holds a full list of results answers the query by itself
  // unless the word is longer than the leaf's key (then not every entry matches).
  const answersAlone = (words, [key, page]) => words.length === 1
    && Array.from(words[0]).length <= Array.from(key).length
    && Math.min(manifest.pageSize, manifest.shards[key] - page * manifest.pageSize) >= MAX_RESULTS;

  // ---- Reading ahead while the reader is between keystrokes: the pages the next letter
  // will most likely need are fetched then, so that letter is answered from memory rather
  // than by waiting for a file (and paying to start its request, and to draw a frame while
  // it waits) inside the keystroke. ----
  // The letters most likely typed after `word`, likeliest first, by how many rows each
  // continuation holds: from the sizes of the leaves under the word while it is shorter
  // than their keys, from the words of the rows just found once it is inside one leaf or
  // narrows other words. A space stands for the word ending there.
  const likelyNextLetters = (word, words, found) => {
    const tally = new Map();
    const add = (letter, rows) => tally.set(letter, (tally.get(letter) || 0) + rows);
    const length = Array.from(word).length;
    const fromLeaves = () => {
      for (const key of keysUnder(word)) {
        const letters = Array.from(key);
        if (letters.length > length) add(letters[length] === whole ? ' ' : letters[length], manifest.shards[key]);
      }
    };
    const fromRows = () => {
      const begins = ' ' + word;
      for (const entry of found.values()) {
        const text = ' ' + entry[field.words] + ' ';
        const after = new Set();
        for (let at = text.indexOf(begins); at !== -1; at = text.indexOf(begins, at + 1)) {
          after.add(String.fromCodePoint(text.codePointAt(at + begins.length)));
        }
        for (const letter of after) add(letter, 1);
      }
    };
    // The leaves count every row but not the other words; the rows found are those of all
    // the words, but only as many as were read.
    const [first, then] = words.length === 1 ? [fromLeaves, fromRows] : [fromRows, fromLeaves];
    first();
    if (tally.size === 0) then();
    return Array.from(tally).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([letter]) => letter);
  };
  // The pages a query would wait for in its first round trip, as its search asks for them:
  // the page needed next and, unless it answers alone, those after it not in memory yet.
  // None when memory answers it.
  const firstRound = (words) => {
    const plan = planFor(words);
    if (!plan) return [];
    const rows = new Set();
    for (let at = 0; at < plan.wanted.length; at += 1) {
      const entries = pageOf(...plan.wanted[at]);
      if (!entries) {
        return answersAlone(words, plan.wanted[at]) ? [plan.wanted[at]]
          : plan.wanted.slice(at, at + READ_AHEAD).filter((page) => !pageOf(...page));
      }
      for (const entry of entries) if (matchesAll(entry, words)) rows.add(entry[field.row]);
      if (rows.size >= MAX_RESULTS) return [];
    }
    return [];
  };
  // After a whole word the reader most likely begins another, which narrows the rows of
  // this one: it reads on through the pages of this query that are not in memory yet.
  // Pages still on their way count as read: at a pause that comes before the search's own
  // round trip is back (a slow machine, a slow host), reading ahead from the first page not
  // in memory asked again for the two in flight and read one page ahead instead of three.
  const pagesAfter = (words) => {
    const plan = planFor(words);
    if (!plan) return [];
    return plan.wanted.filter(([key, page]) => !pageOf(key, page) && !pages.has(pageName + '/' + key + '/' + page)).slice(0, READ_AHEAD);
  };
  // Within 50 ms even while a long list is still being filled a frame at a time: a fast
  // typist's next letter comes about 100 ms after the last, and a file asked for later than
  // that is one the letter waits for after all (under 4x throttling, waiting for idle time
  // alone often asked once the next letter had come, or just before it).
  const whenIdle = (callback) => (window.requestIdleCallback
    ? window.requestIdleCallback(callback, { timeout: 50 }) : setTimeout(callback, 50));
  // At a pause, the pages of the LIKELY_LETTERS likeliest next letters, at most
  // PAGES_PER_PAUSE of them (the first each letter needs before the rest); none once the
  // reader has typed on. A wrong guess costs a few kilobytes; a right one, a wait.
  const LIKELY_LETTERS = 3;
  const PAGES_PER_PAUSE = 4;
  const readAheadWhenIdle = (mine, words, found) => {
    if (words.length === 0) return;
    whenIdle(() => {
      if (mine !== generation) return;
      readFirstLetters();
      const last = words[words.length - 1];
      const rounds = likelyNextLetters(last, words, found).slice(0, LIKELY_LETTERS).map((letter) => (letter === ' '
        ? pagesAfter(words) : firstRound([...words.slice(0, -1), last + letter])));
      const chosen = new Map();
      for (let depth = 0; depth < READ_AHEAD; depth += 1) {
        for (const round of rounds) {
          const page = round[depth];
          if (page && chosen.size < PAGES_PER_PAUSE) chosen.set(page.join('/'), page);
        }
      }
      for (const page of chosen.values()) loadPage(...page).catch(() => {});
    });
  };
  // Every search begins with one letter, and a word of one letter is looked up whole: the
  // first page of each such word is read as soon as the search is readied (on focusing the
  // field), so the first keystroke waits for no file. Only letters that stand alone in some
  // row have one; the commonest FIRST_LETTERS of them, a few kilobytes each. When a search
  // begins at once (a query in the address, typing straight away), its own files come first
  // and these wait for its first pause.
  const FIRST_LETTERS = 16;
  let firstLettersRead = false;
  const readFirstLetters = () => {
    if (firstLettersRead) return;
    firstLettersRead = true;
    const letters = keys.filter((key) => key.endsWith(whole) && Array.from(key).length === 2).sort(largestFirst);
    for (const key of letters.slice(0, FIRST_LETTERS)) if (!pageOf(key, 0)) loadPage(key, 0).catch(() => {});
  };
  whenIdle(() => { if (generation === 0) readFirstLetters(); });
  const typeMore = phrases.counted('type_at_least', shortest);
  const typeMoreOfEach = phrases.counted('type_at_least_each', shortest);
  let generation = 0;
  return {
    // Runs without yielding while the pages it needs are loaded (every keystroke after the
    // first of a word), so a typed letter is answered in the same frame.
    search: (terms, done) => {
      const mine = ++generation;
      const words = wordsOf(terms);
      const plan = planFor(words);
      if (!plan) {
        resultsView.showNothing(typeMore);
        noResults.hidden = true;
        status.textContent = typeMore;
        done();
        readAheadWhenIdle(mine, words, new Map());
        return;
      }
      const { long, rarest, wanted } = plan;
      if (wanted.length === 0) {
        resultsView.showNothing('');
        manifest.sections.forEach(({ id }) => sectionIndex.setEnabled(id, false));
        announce(0);
        done();
        return;
      }
      const found = new Map();
      let loaded = 0;
      const take = (entries) => {
        for (const entry of entries) {
          if (!found.has(entry[field.row]) && matchesAll(entry, words)) found.set(entry[field.row], entry);
        }
        loaded += 1;
      };
      // `searching`: more pages are on their way, and what is found so far is shown meanwhile.
      let answered = false;
      let shownSoFar = 0;
      const show = (searching) => {
        const complete = !searching && loaded >= wanted.length;
        const ordered = Array.from(found.values()).sort((a, b) => a[field.row] - b[field.row]);
        const shown = Math.min(found.size, MAX_RESULTS);
        const isAll = complete && found.size <= MAX_RESULTS;
        // Stopped short of the pages a short word would need: there may be more.
        const partial = !searching && !complete && found.size < MAX_RESULTS;
        shownSoFar = shown;
        resultsView.show(shown, (k) => [
          ordered[k][field.href], ordered[k][field.label], manifest.sections[ordered[k][field.section]].title], words,
        searching || isAll ? '' : partial ? typeMoreOfEach
          : narrowHint(shown, complete ? phrases.counted('results', found.size) : phrases.counted('results_over', shown)), true);
        if (complete) {
          const matched = new Set(ordered.map((entry) => entry[field.section]));
          manifest.sections.forEach(({ id }, index) => sectionIndex.setEnabled(id, matched.has(index)));
        }
        noResults.hidden = found.size !== 0 || partial;
        status.textContent = searching || partial ? phrases.counted('results_so_far', found.size)
          : found.size === 0 ? phrases.text('no_results')
          : complete ? phrases.counted('results', found.size) : phrases.counted('results_over', shown);
        if (!answered) { answered = true; done(); }
      };
      // One leaf's rows come in order, page after page: a screenful found in its first pages
      // is the screenful the finished search begins with, so it is shown while the rest of
      // a long leaf loads (`summit labs` reads every page of the rarer word's shard).
      const showSoFar = () => {
        if (rarest.length === 1 && found.size >= SCREENFUL && found.size > shownSoFar) show(true);
      };
      // A short word narrows what the longer words find but cannot choose the pages to read
      // (`falcon r`: every page of `falcon` holds candidates): such a query reads what one
      // round trip brings, and the list says there may be more until the word is longer.
      const budget = long.length < words.length ? READ_AHEAD : Infinity;
      const asked = new Set();
      const ask = (at) => { asked.add(at); return loadPage(...wanted[at]); };
      const next = () => {
        while (loaded < wanted.length && found.size < MAX_RESULTS) {
          const cached = pageOf(...wanted[loaded]);
          if (!cached) {
            if (!asked.has(loaded) && asked.size >= budget) break;
            // The page needed now is asked for first. The files after it are asked for at
            // the same time when they may be needed: a query that reads several waits for
            // one round trip, not one per file, and one that needs a single page reads only it.
            resultsView.hold();
            ask(loaded).then((entries) => {
              if (mine !== generation) return;
              take(entries);
              next();
            }, () => { if (mine === generation) fail('search_unavailable'); });
            if (!answersAlone(words, wanted[loaded])) {
              for (let ahead = loaded + 1; ahead < Math.min(wanted.length, loaded + READ_AHEAD) && asked.size < budget; ahead += 1) {
                if (!asked.has(ahead)) ask(ahead).catch(() => {});
              }
            }
            showSoFar();
            return;
          }
          take(cached);
        }
        show(false);
        readAheadWhenIdle(mine, words, found);
      };
      next();
    },
    clear: () => { generation += 1; resultsView.clear(); },
    // Every row the query finds, for the filters to narrow: every page of its rarest word,
    // not only those a first hundred results need. Null when a word is too short to look up.
    matches: async (terms) => {
      const words = wordsOf(terms);
      const plan = planFor(words);
      if (!plan) return null;
      const found = new Set();
      for (const entries of await Promise.all(plan.wanted.map((page) => loadPage(...page)))) {
        for (const entry of entries) if (matchesAll(entry, words)) found.add(entry[field.row]);
      }
      return Array.from(found);
    },
  };
};
