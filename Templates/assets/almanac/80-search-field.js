// ---- The search field drives whichever strategy the data calls for. ----
(() => {
  if (!field) return;
  form.hidden = false;
  // The link past the header to the field works now the field shows.
  for (const link of document.querySelectorAll('.skip-to-search')) link.hidden = false;
  let strategy = null;
  // The search is the reader's state (`reader`): the field asks it to change as it is typed
  // in, and shows what back and forward bring back.
  const current = () => reader.get().query;
  collapsing.whileSearching(() => current() !== '' || visibility.isNarrowed());
  const strategyFor = (loaded) => {
    if (loaded.sharded) return sharded(loaded);
    if (isSplit) return splitPages(loaded);
    return wholePage(loaded);
  };

  // Read by the benchmark: how long a keystroke's search took until its first results showed
  // (for sharded data, with loading the shards it needed).
  let started = 0;
  const searched = () => { if (current()) performance.measure('almanac-search', { start: started }); };

  const run = () => {
    const query = current();
    const asked = queryOf(query);
    form.classList.toggle('has-query', query.length > 0);
    if (asked.isEmpty) {
      if (browse && browse.owns()) { browse.refresh(); return; }
      if (browse) browse.follow();
      if (strategy) strategy.clear();
      if (visibility.isNarrowed()) return;
      noResults.hidden = true;
      if (!status.classList.contains('search-error')) status.textContent = '';
      collapsing.restore();
      return;
    }
    if (!data) { withData(run); return; }
    if (browse && browse.owns()) { browse.refresh(); return; }
    if (!strategy) strategy = strategyFor(data);
    strategy.search(asked, searched);
    if (browse) browse.follow();
  };
  // On a split page the filters and Sort by list their results from the search's rows.
  if (browse) {
    browse.connect({
      query: () => queryOf(current()),
      matches: (asked) => new Promise((resolve) => withData(() => {
        if (!strategy) strategy = strategyFor(data);
        resolve(strategy.matches(asked));
      })),
      // Asked after `matches`, so the strategy is there; only sharded data carries values.
      valuesFor: (asked) => (strategy && strategy.valuesFor ? strategy.valuesFor(asked) : null),
      release: () => run(),
    });
  }

  const update = () => reader.set({ query: field.value.trim() }, 'typed');
  reader.watch((state, previous, how) => {
    if (state.query === previous.query) return;
    if (how === 'stepped') field.value = state.query;
    started = performance.now();
    run();
  });

  let scheduled = false;
  field.addEventListener('input', () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => { scheduled = false; update(); });
  });
  // Focusing the field loads the data and readies the search, so the first letter typed
  // finds it ready.
  field.addEventListener('focus', () => withData(() => { if (!strategy) strategy = strategyFor(data); }), { once: true });
  field.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      field.value = '';
      update();
    }
  });
  form.addEventListener('submit', (event) => { event.preventDefault(); update(); });
  form.addEventListener('reset', () => {
    setTimeout(() => { update(); field.focus(); }, 0);
  });
  // `/` moves to the field unless the reader turns it off (WCAG 2.1.4): a switch at the page's
  // end, its choice kept for every page of the site.
  const shortcut = document.querySelector('.search-shortcut');
  const shortcutOn = shortcut ? shortcut.querySelector('input') : null;
  const SHORTCUT_OFF = 'almanac-search-shortcut-off';
  if (shortcutOn) {
    try { shortcutOn.checked = localStorage.getItem(SHORTCUT_OFF) === null; } catch { /* storage may be off */ }
    shortcut.hidden = false;
    shortcutOn.addEventListener('change', () => {
      if (shortcutOn.checked) field.setAttribute('aria-keyshortcuts', '/'); else field.removeAttribute('aria-keyshortcuts');
      try {
        if (shortcutOn.checked) localStorage.removeItem(SHORTCUT_OFF); else localStorage.setItem(SHORTCUT_OFF, '1');
      } catch { /* storage may be off: the choice holds for this page */ }
    });
    if (!shortcutOn.checked) field.removeAttribute('aria-keyshortcuts');
  }
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
    if (shortcutOn && !shortcutOn.checked) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName))) return;
    event.preventDefault();
    field.focus();
  });

  // A search in the address when the page opens is shown as if typed.
  if (current()) {
    field.value = current();
    started = performance.now();
    run();
  }
})();
