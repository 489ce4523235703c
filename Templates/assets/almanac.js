// Almanac: live search, the section index and collapsible sections.
// Plain JavaScript with no build step, loaded with `defer`, no inline handlers and no eval, so
// pages work under `Content-Security-Policy: default-src 'self'` and from file://. Without it,
// every row is visible and the index links still work.
//
// The build writes `window.AlmanacContract` at the top of this file: the letters folding spells
// out, the field separator, the shard key length and the fields of a shard entry. Nothing the
// build decides is copied here by hand.
//
// The parts, top to bottom: folding; collapsible sections; the section index; row pictures;
// the search data loader; highlighting; the results list of split tables; three search
// strategies (the whole table on this page, a table split into section pages, and a very large
// table whose data is sharded by word prefix), each `{ search(terms), clear() }`; and the
// search field that drives whichever strategy the data calls for.
(() => {
  'use strict';

  const contract = window.AlmanacContract;
  if (!contract) return;

  // ---- Folding: as the build folds rows (SearchText.swift), from the build's own table. ----
  const spelled = new RegExp('[' + Object.keys(contract.fold).join('') + ']', 'gu');
  const fold = (text) => text.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '')
    .replace(spelled, (letter) => contract.fold[letter]);

  const main = document.querySelector('main.listing');
  if (!main) return;
  const pageName = main.dataset.page || '';
  const root = main.dataset.root || '';
  const isSplit = main.dataset.split === 'true';

  // ---- Collapsible sections: the open/closed state survives a reload. ----
  const collapsing = (() => {
    const storageKey = 'almanac:collapsed:' + location.pathname;
    const read = () => {
      try { return new Set(JSON.parse(localStorage.getItem(storageKey) || '[]')); } catch { return new Set(); }
    };
    const write = (ids) => {
      try { localStorage.setItem(storageKey, JSON.stringify(Array.from(ids).sort())); } catch { /* storage may be off */ }
    };
    const collapsed = read();
    const toggles = Array.from(main.querySelectorAll('.section-toggle'));
    const setOpen = (toggle, open) => {
      toggle.setAttribute('aria-expanded', String(open));
      const body = document.getElementById(toggle.getAttribute('aria-controls'));
      if (body) body.hidden = !open;
    };
    const restore = () => {
      for (const toggle of toggles) setOpen(toggle, !collapsed.has(toggle.closest('section').id));
    };
    let isSearching = () => false;
    for (const toggle of toggles) {
      toggle.addEventListener('click', () => {
        const id = toggle.closest('section').id;
        const open = toggle.getAttribute('aria-expanded') !== 'true';
        setOpen(toggle, open);
        // A section opened by a search is not remembered as opened.
        if (isSearching()) return;
        if (open) collapsed.delete(id); else collapsed.add(id);
        write(collapsed);
      });
    }
    restore();
    return {
      restore,
      open: (section) => {
        const toggle = section.querySelector('.section-toggle');
        if (toggle) setOpen(toggle, true);
      },
      whileSearching: (test) => { isSearching = test; },
    };
  })();

  // ---- The section index: disabled links do nothing; on a phone, sliding a finger along the
  // strip jumps from section to section, as on the iPhone. ----
  const sectionIndex = (() => {
    const links = new Map();
    for (const link of document.querySelectorAll('nav.section-index a')) {
      links.set(link.dataset.section || decodeURIComponent(link.hash.slice(1)), link);
    }
    const nav = document.querySelector('nav.section-index');
    // The strip sizes its entries to fit the screen from their number (see almanac.css). On a
    // phone too short for every entry at 24 px, the index becomes a menu behind a button, its
    // entries 44 px squares, rather than targets too small to hit.
    if (nav) {
      const count = nav.querySelectorAll('li').length;
      nav.style.setProperty('--index-count', String(count));
      const phone = window.matchMedia('(max-width: 47.99rem)');
      const list = nav.querySelector('ol');
      let toggle = null;
      const close = () => {
        nav.classList.remove('open');
        if (toggle) toggle.setAttribute('aria-expanded', 'false');
      };
      const arrange = () => {
        const asMenu = phone.matches && count * 24 > window.innerHeight * 0.88;
        nav.classList.toggle('as-menu', asMenu);
        if (asMenu && !toggle) {
          const entries = nav.querySelectorAll('li');
          toggle = document.createElement('button');
          toggle.type = 'button';
          toggle.className = 'index-toggle';
          toggle.textContent = entries[0].textContent.trim() + '–' + entries[entries.length - 1].textContent.trim();
          toggle.setAttribute('aria-label', 'Sections');
          toggle.setAttribute('aria-expanded', 'false');
          list.id = list.id || 'section-index-list';
          toggle.setAttribute('aria-controls', list.id);
          toggle.addEventListener('click', () => {
            const open = nav.classList.toggle('open');
            toggle.setAttribute('aria-expanded', String(open));
          });
          nav.prepend(toggle);
        }
        if (toggle) toggle.hidden = !asMenu;
        if (!asMenu) close();
      };
      arrange();
      phone.addEventListener('change', arrange);
      window.addEventListener('resize', arrange);
      nav.addEventListener('click', (event) => { if (nav.classList.contains('as-menu') && event.target.closest('a')) close(); });
      document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && nav.classList.contains('open')) close(); });
    }
    if (nav) {
      nav.addEventListener('click', (event) => {
        const link = event.target.closest('a');
        if (link && link.getAttribute('aria-disabled') === 'true') event.preventDefault();
      });
      let scrubbing = false;
      const scrubTo = (event) => {
        const target = document.elementFromPoint(event.clientX, event.clientY);
        const link = target && target.closest('nav.section-index a');
        if (!link || link.getAttribute('aria-disabled') === 'true') return;
        const destination = link.getAttribute('href');
        if (!destination.startsWith('#')) { location.href = link.href; return; }
        const section = document.getElementById(decodeURIComponent(destination.slice(1)));
        if (section) section.scrollIntoView({ block: 'start' });
      };
      nav.addEventListener('pointerdown', (event) => {
        if (event.pointerType !== 'touch' || nav.classList.contains('as-menu')) return;
        scrubbing = true;
        nav.setPointerCapture(event.pointerId);
        scrubTo(event);
      });
      nav.addEventListener('pointermove', (event) => { if (scrubbing) scrubTo(event); });
      const stop = () => { scrubbing = false; };
      nav.addEventListener('pointerup', stop);
      nav.addEventListener('pointercancel', stop);
    }
    const setEnabled = (id, enabled) => {
      const link = links.get(id);
      if (!link) return;
      if (enabled) {
        link.removeAttribute('aria-disabled');
        link.removeAttribute('tabindex');
        link.classList.remove('disabled');
      } else {
        link.setAttribute('aria-disabled', 'true');
        link.setAttribute('tabindex', '-1');
        link.classList.add('disabled');
      }
    };
    return { setEnabled, enableAll: () => { for (const id of links.keys()) setEnabled(id, true); } };
  })();

  // ---- Row pictures: a picture that fails to load disappears rather than showing a broken icon.
  for (const image of main.querySelectorAll('img.thumb')) {
    const hide = () => { image.hidden = true; };
    image.addEventListener('error', hide);
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) hide();
  }

  const field = document.getElementById('search-field');
  if (!field) return;
  const form = field.form;
  const status = main.querySelector('.search-status');
  const noResults = main.querySelector('.no-results');
  const MAX_RESULTS = 100;

  const announce = (count) => {
    noResults.hidden = count !== 0;
    status.textContent = count === 0 ? 'No results' : count === 1 ? '1 result' : count + ' results';
  };

  // A search whose data cannot be loaded says so where a reader looks, not only to a screen
  // reader.
  const fail = (what) => {
    status.textContent = 'Search is unavailable: ' + what + ' could not be loaded.';
    status.classList.remove('visually-hidden');
    status.classList.add('search-error');
    noResults.hidden = true;
  };

  // ---- The search data: a script beside the page (file:// may load scripts but not fetch
  // files), loaded the first time search is used. Every caller that asks while it loads is
  // answered when it arrives; if it cannot be loaded, `failed` is told instead. ----
  const loadScript = (source, onLoad, onError) => {
    const script = document.createElement('script');
    script.src = source;
    script.addEventListener('load', onLoad);
    script.addEventListener('error', onError);
    document.head.appendChild(script);
  };
  let data = null;
  const waiting = [];
  const withData = (callback) => {
    const registered = window.AlmanacSearchData && window.AlmanacSearchData[pageName];
    if (registered) { data = registered; callback(); return; }
    waiting.push(callback);
    if (waiting.length > 1) return;
    const failed = () => { waiting.length = 0; fail('the search data'); };
    loadScript(main.dataset.searchSrc, () => {
      data = (window.AlmanacSearchData || {})[pageName] || null;
      if (!data) { failed(); return; }
      for (const waiter of waiting.splice(0)) waiter();
    }, failed);
  };

  // ---- Highlighting: matches get <mark>, mapped back through folding to the original text. ----
  // Folded text with, for each folded character, the index of the original it came from.
  const foldWithMap = (text) => {
    let folded = '';
    const map = [];
    let position = 0;
    for (const character of text) {
      const piece = fold(character);
      for (let k = 0; k < piece.length; k += 1) map.push(position);
      folded += piece;
      position += character.length;
    }
    map.push(position);
    return { folded, map };
  };
  const originals = new WeakMap();
  const unhighlight = (element) => {
    for (const part of element.querySelectorAll('[data-search]')) {
      if (originals.has(part)) {
        part.textContent = originals.get(part);
        originals.delete(part);
      }
    }
  };
  const highlight = (element, terms) => {
    for (const part of element.querySelectorAll('[data-search]')) {
      const text = originals.has(part) ? originals.get(part) : part.textContent;
      const { folded, map } = foldWithMap(text);
      const ranges = [];
      for (const term of terms) {
        let at = folded.indexOf(term);
        while (at !== -1) {
          const start = map[at];
          let end = map[at + term.length];
          if (end <= start) end = start + 1;
          ranges.push([start, end]);
          at = folded.indexOf(term, at + term.length);
        }
      }
      if (ranges.length === 0) {
        if (originals.has(part)) { part.textContent = text; originals.delete(part); }
        continue;
      }
      ranges.sort((a, b) => a[0] - b[0]);
      const merged = [ranges[0]];
      for (const range of ranges.slice(1)) {
        const last = merged[merged.length - 1];
        if (range[0] <= last[1]) last[1] = Math.max(last[1], range[1]); else merged.push(range);
      }
      originals.set(part, text);
      const fragment = document.createDocumentFragment();
      let cursor = 0;
      for (const [start, end] of merged) {
        if (start > cursor) fragment.append(text.slice(cursor, start));
        const mark = document.createElement('mark');
        mark.textContent = text.slice(start, end);
        fragment.append(mark);
        cursor = end;
      }
      if (cursor < text.length) fragment.append(text.slice(cursor));
      part.replaceChildren(fragment);
    }
  };

  // ---- The results list of a split table: rows found in the data, across every section's
  // page, in place of this page's own parts. ----
  const resultsView = (() => {
    const list = main.querySelector('.search-results');
    const more = main.querySelector('.search-more');
    const pageParts = Array.from(main.querySelectorAll('.section-directory, section.section, nav.pager'));
    const item = (href, labelText, sectionTitle, terms) => {
      const element = document.createElement('li');
      const link = document.createElement('a');
      link.href = root + href;
      const label = document.createElement('span');
      label.className = 'label';
      label.dataset.search = '';
      label.textContent = labelText;
      const where = document.createElement('span');
      where.className = 'result-section';
      where.textContent = sectionTitle;
      link.append(label, where);
      element.append(link);
      highlight(element, terms);
      return element;
    };
    return {
      item,
      show: (items, note) => {
        list.replaceChildren(...items);
        list.hidden = false;
        for (const part of pageParts) part.hidden = true;
        more.hidden = !note;
        more.textContent = note || '';
      },
      showNothing: (note) => {
        list.replaceChildren();
        list.hidden = true;
        for (const part of pageParts) part.hidden = true;
        more.hidden = !note;
        more.textContent = note || '';
      },
      clear: () => {
        for (const part of pageParts) part.hidden = false;
        if (list) { list.hidden = true; list.replaceChildren(); }
        if (more) more.hidden = true;
        sectionIndex.enableAll();
      },
    };
  })();
  const narrowHint = (shown, total) => 'Showing the first ' + shown + ' of ' + total + ' — type more to narrow the search.';

  // ---- Counts in headers and footers: while searching, `{{count}} states` says how many of
  // the section's rows show, as a table view reloads its footers; cleared, the build's text. ----
  const counted = (section) => Array.from(section.querySelectorAll('[data-count-many]'));
  const originalText = new WeakMap();
  const showCount = (section, shown, total) => {
    for (const element of counted(section)) {
      if (!originalText.has(element)) originalText.set(element, element.textContent);
      element.textContent = shown === total ? originalText.get(element)
        : shown === 1 ? element.dataset.countOne : element.dataset.countMany.split(contract.countToken).join(String(shown));
    }
  };

  // ---- Strategy: the whole table is on this page; rows that do not match are hidden. ----
  const wholePage = (folded) => {
    const rows = Array.from(main.querySelectorAll('li.row'));
    const sections = Array.from(main.querySelectorAll('section.section'));
    const rowSections = rows.map((row) => row.closest('section'));
    const totals = new Map(sections.map((section) => [section, section.querySelectorAll('li.row').length]));
    // Highlighting waits until a row is on screen: a keystroke that matches 5,000 rows marks
    // only the few dozen a reader can see, and the rest as they scroll into view.
    const wanted = new Map();
    const applied = new Map();
    const onScreen = new Set();
    const apply = (row) => {
      const key = wanted.get(row).join(' ');
      if (applied.get(row) === key) return;
      highlight(row, wanted.get(row));
      applied.set(row, key);
    };
    if ('IntersectionObserver' in window) {
      const observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          if (entry.isIntersecting) {
            onScreen.add(entry.target);
            if (wanted.has(entry.target)) apply(entry.target);
          } else {
            onScreen.delete(entry.target);
          }
        }
      }, { rootMargin: '200px 0px' });
      for (const row of rows) observer.observe(row);
    } else {
      for (const row of rows) onScreen.add(row);
    }
    return {
      search: (terms) => {
        let count = 0;
        const visibleIn = new Map();
        rows.forEach((row, i) => {
          const text = folded[i] || '';
          const matches = terms.every((term) => text.includes(term));
          if (row.hidden === matches) row.hidden = !matches;
          if (matches) {
            count += 1;
            wanted.set(row, terms);
            if (onScreen.has(row)) apply(row);
            const section = rowSections[i];
            visibleIn.set(section, (visibleIn.get(section) || 0) + 1);
          } else if (wanted.has(row)) {
            wanted.delete(row);
            if (applied.has(row)) { unhighlight(row); applied.delete(row); }
          }
        });
        for (const section of sections) {
          const visible = visibleIn.has(section);
          section.hidden = !visible;
          sectionIndex.setEnabled(section.id, visible);
          if (visible) showCount(section, visibleIn.get(section), totals.get(section));
          // Search opens any collapsed section that has matches.
          if (visible) collapsing.open(section);
        }
        announce(count);
      },
      clear: () => {
        for (const row of rows) if (row.hidden) row.hidden = false;
        for (const row of applied.keys()) unhighlight(row);
        applied.clear();
        wanted.clear();
        for (const section of sections) {
          section.hidden = false;
          sectionIndex.setEnabled(section.id, true);
          showCount(section, totals.get(section), totals.get(section));
        }
      },
    };
  };

  // ---- Strategy: a table split into section pages; results are listed from the data. ----
  const splitPages = (table) => {
    // Typing on narrows a search: when the new query extends the last one, every term of the
    // last is inside a term of the new, so only the last query's matches need looking at.
    let previousKey = null;
    let previousMatches = null;
    return {
      search: (terms) => {
        const key = terms.join(' ');
        const candidates = previousKey !== null && key.startsWith(previousKey) ? previousMatches : null;
        const matches = [];
        const test = (i) => {
          if (terms.every((term) => table.rows[i].includes(term))) matches.push(i);
        };
        if (candidates) {
          for (const i of candidates) test(i);
        } else {
          for (let i = 0; i < table.rows.length; i += 1) test(i);
        }
        previousKey = key;
        previousMatches = matches;
        const items = matches.slice(0, MAX_RESULTS).map((i) =>
          resultsView.item(table.hrefs[i], table.labels[i], table.sections[table.section[i]][1], terms));
        resultsView.show(items, matches.length > MAX_RESULTS ? narrowHint(MAX_RESULTS, matches.length) : '');
        const matched = new Set(matches.map((i) => table.section[i]));
        table.sections.forEach(([id], index) => sectionIndex.setEnabled(id, matched.has(index)));
        announce(matches.length);
      },
      clear: () => { previousKey = null; resultsView.clear(); },
    };
  };

  // ---- Strategy: a very large table's data is sharded by the first code points of each word;
  // a query loads only the shard of its rarest word, a page of entries at a time. ----
  const sharded = (manifest) => {
    const field = Object.fromEntries(contract.shardEntry.map((name, index) => [name, index]));
    const keyOf = (word) => Array.from(word).slice(0, contract.shardKeyLength).join('');
    const pages = new Map();
    const loadPage = (key, page) => new Promise((resolve, reject) => {
      const id = pageName + '/' + key + '/' + page;
      const registered = (window.AlmanacSearchShards || {})[id];
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
    const count = ['no', 'one', 'two', 'three', 'four', 'five'][contract.shardKeyLength] || String(contract.shardKeyLength);
    const typeMore = 'Type at least ' + count + ' letters of a word.';
    let generation = 0;
    return {
      search: async (terms) => {
        const mine = ++generation;
        const words = terms.flatMap((term) => term.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
        const short = words.find((word) => Array.from(word).length < contract.shardKeyLength && !manifest.shards[word]);
        if (words.length === 0 || short) {
          resultsView.showNothing(typeMore);
          noResults.hidden = true;
          status.textContent = typeMore;
          return;
        }
        if (!words.every((word) => manifest.shards[keyOf(word)])) {
          resultsView.showNothing('');
          manifest.sections.forEach(([id]) => sectionIndex.setEnabled(id, false));
          announce(0);
          return;
        }
        const rarest = words.reduce((best, word) => (manifest.shards[keyOf(word)] < manifest.shards[keyOf(best)] ? word : best));
        const key = keyOf(rarest);
        const pageCount = Math.ceil(manifest.shards[key] / manifest.pageSize);
        const found = [];
        let page = 0;
        try {
          for (; page < pageCount && found.length < MAX_RESULTS; page += 1) {
            const entries = await loadPage(key, page);
            if (mine !== generation) return;
            for (const entry of entries) {
              const text = ' ' + entry[field.words];
              if (words.every((word) => text.includes(' ' + word))) found.push(entry);
            }
          }
        } catch {
          if (mine === generation) fail('part of the search data');
          return;
        }
        const complete = page >= pageCount;
        const items = found.slice(0, MAX_RESULTS).map((entry) =>
          resultsView.item(entry[field.href], entry[field.label], manifest.sections[entry[field.section]][1], words));
        const shown = Math.min(found.length, MAX_RESULTS);
        const isAll = complete && found.length <= MAX_RESULTS;
        resultsView.show(items, isAll ? '' : narrowHint(shown, complete ? found.length + ' results' : 'over ' + shown + ' results'));
        if (complete) {
          const matched = new Set(found.map((entry) => entry[field.section]));
          manifest.sections.forEach(([id], index) => sectionIndex.setEnabled(id, matched.has(index)));
        }
        noResults.hidden = found.length !== 0;
        status.textContent = found.length === 0 ? 'No results'
          : complete ? (found.length === 1 ? '1 result' : found.length + ' results') : 'Over ' + shown + ' results';
      },
      clear: () => { generation += 1; resultsView.clear(); },
    };
  };

  // ---- The search field drives whichever strategy the data calls for. ----
  let query = '';
  let strategy = null;
  collapsing.whileSearching(() => query !== '');
  const strategyFor = (loaded) => {
    if (loaded.sharded) return sharded(loaded);
    if (isSplit) return splitPages(loaded);
    return wholePage(loaded);
  };

  const writeURL = () => {
    const url = new URL(location.href);
    if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
    try { history.replaceState(history.state, '', url.href); } catch { /* file:// may refuse */ }
  };

  const run = () => {
    const terms = fold(query).split(/\s+/).filter(Boolean);
    form.classList.toggle('has-query', query.length > 0);
    if (terms.length === 0) {
      if (strategy) strategy.clear();
      noResults.hidden = true;
      if (!status.classList.contains('search-error')) status.textContent = '';
      collapsing.restore();
      return;
    }
    if (!data) { withData(run); return; }
    if (!strategy) strategy = strategyFor(data);
    strategy.search(terms);
  };

  const update = () => {
    query = field.value.trim();
    writeURL();
    const started = performance.now();
    run();
    // Read by the benchmark: how long a keystroke's search took.
    if (data && query) performance.measure('almanac-search', { start: started });
  };

  let scheduled = false;
  field.addEventListener('input', () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => { scheduled = false; update(); });
  });
  field.addEventListener('focus', () => withData(() => {}), { once: true });
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
  document.addEventListener('keydown', (event) => {
    if (event.key !== '/' || event.metaKey || event.ctrlKey || event.altKey) return;
    const target = event.target;
    if (target instanceof HTMLElement && (target.isContentEditable || /^(input|textarea|select)$/i.test(target.tagName))) return;
    event.preventDefault();
    field.focus();
  });

  const initial = new URLSearchParams(location.search).get('q');
  if (initial) {
    field.value = initial;
    update();
  }
})();
