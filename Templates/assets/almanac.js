// Almanac: live search, the section index and collapsible sections.
// Plain JavaScript with no build step, loaded with `defer`, no inline handlers and no eval, so
// pages work under `Content-Security-Policy: default-src 'self'` and from file://. Without it,
// every row is visible and the index links still work.
(() => {
  'use strict';

  // The same folding as SearchText.swift: lower case, accents removed, a few letters spelt out.
  const SPECIAL = { 'ø': 'o', 'ł': 'l', 'đ': 'd', 'ß': 'ss', 'æ': 'ae', 'œ': 'oe', 'þ': 'th', 'ı': 'i' };
  const fold = (text) => text.toLowerCase().normalize('NFD').replace(/\p{M}+/gu, '')
    .replace(/[øłđßæœþı]/g, (letter) => SPECIAL[letter]);

  const main = document.querySelector('main.listing');
  if (!main) return;
  const pageName = main.dataset.page || '';
  const rows = Array.from(main.querySelectorAll('li.row'));
  const sections = Array.from(main.querySelectorAll('section.section'));
  const isSplit = main.dataset.split === 'true';
  const root = main.dataset.root || '';
  const indexLinks = new Map();
  for (const link of document.querySelectorAll('nav.section-index a')) {
    indexLinks.set(link.dataset.section || decodeURIComponent(link.hash.slice(1)), link);
  }

  let query = '';

  // ---- Collapsible sections: the open/closed state survives a reload. ----
  const storageKey = 'almanac:collapsed:' + location.pathname;
  const readCollapsed = () => {
    try { return new Set(JSON.parse(localStorage.getItem(storageKey) || '[]')); } catch { return new Set(); }
  };
  const writeCollapsed = (ids) => {
    try { localStorage.setItem(storageKey, JSON.stringify(Array.from(ids).sort())); } catch { /* storage may be off */ }
  };
  let collapsed = readCollapsed();
  const toggles = Array.from(main.querySelectorAll('.section-toggle'));
  const setOpen = (toggle, open) => {
    toggle.setAttribute('aria-expanded', String(open));
    const body = document.getElementById(toggle.getAttribute('aria-controls'));
    if (body) body.hidden = !open;
  };
  const applyCollapsed = () => {
    for (const toggle of toggles) setOpen(toggle, !collapsed.has(toggle.closest('section').id));
  };
  for (const toggle of toggles) {
    toggle.addEventListener('click', () => {
      const id = toggle.closest('section').id;
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      setOpen(toggle, open);
      if (!query) {
        if (open) collapsed.delete(id); else collapsed.add(id);
        writeCollapsed(collapsed);
      }
    });
  }
  applyCollapsed();

  // ---- The index: disabled links do nothing; on a phone, sliding a finger along the strip
  // jumps from section to section, as on the iPhone. ----
  const index = document.querySelector('nav.section-index');
  if (index) {
    index.addEventListener('click', (event) => {
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
    index.addEventListener('pointerdown', (event) => {
      if (event.pointerType !== 'touch') return;
      scrubbing = true;
      index.setPointerCapture(event.pointerId);
      scrubTo(event);
    });
    index.addEventListener('pointermove', (event) => { if (scrubbing) scrubTo(event); });
    const stop = () => { scrubbing = false; };
    index.addEventListener('pointerup', stop);
    index.addEventListener('pointercancel', stop);
  }

  // ---- Row pictures: a picture that fails to load disappears rather than showing a broken icon.
  for (const image of main.querySelectorAll('img.thumb')) {
    const hide = () => { image.hidden = true; };
    image.addEventListener('error', hide);
    if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) hide();
  }

  // ---- Live search ----
  const field = document.getElementById('search-field');
  if (!field) return;
  const form = field.form;
  const status = main.querySelector('.search-status');
  const noResults = main.querySelector('.no-results');
  let data = null;
  let loading = false;

  // The search data is a script beside the page, loaded the first time search is used. Every
  // caller that asks while it loads is answered when it arrives.
  const waiting = [];
  const withData = (callback) => {
    const loaded = window.AlmanacSearchData && window.AlmanacSearchData[pageName];
    if (loaded) { data = loaded; callback(); return; }
    waiting.push(callback);
    if (loading) return;
    loading = true;
    const script = document.createElement('script');
    script.src = main.dataset.searchSrc;
    script.addEventListener('load', () => {
      data = (window.AlmanacSearchData || {})[pageName] || null;
      loading = false;
      const callbacks = waiting.splice(0);
      if (data) for (const waiter of callbacks) waiter();
    });
    script.addEventListener('error', () => { loading = false; waiting.length = 0; });
    document.head.appendChild(script);
  };

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
  const unhighlight = (row) => {
    for (const element of row.querySelectorAll('[data-search]')) {
      if (originals.has(element)) {
        element.textContent = originals.get(element);
        originals.delete(element);
      }
    }
  };

  const highlight = (row, terms) => {
    for (const element of row.querySelectorAll('[data-search]')) {
      const text = originals.has(element) ? originals.get(element) : element.textContent;
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
        if (originals.has(element)) { element.textContent = text; originals.delete(element); }
        continue;
      }
      ranges.sort((a, b) => a[0] - b[0]);
      const merged = [ranges[0]];
      for (const range of ranges.slice(1)) {
        const last = merged[merged.length - 1];
        if (range[0] <= last[1]) last[1] = Math.max(last[1], range[1]); else merged.push(range);
      }
      originals.set(element, text);
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
      element.replaceChildren(fragment);
    }
  };

  // Highlighting waits until a row is on screen: a keystroke that matches 5,000 rows marks only
  // the few dozen a reader can see, and the rest as they scroll into view.
  const rowSections = rows.map((row) => row.closest('section'));
  const wanted = new Map();
  const applied = new Map();
  const onScreen = new Set();
  const applyHighlight = (row, key) => {
    if (applied.get(row) === key) return;
    highlight(row, wanted.get(row));
    applied.set(row, key);
  };
  if ('IntersectionObserver' in window) {
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (entry.isIntersecting) {
          onScreen.add(entry.target);
          if (wanted.has(entry.target)) applyHighlight(entry.target, wanted.get(entry.target).join(' '));
        } else {
          onScreen.delete(entry.target);
        }
      }
    }, { rootMargin: '200px 0px' });
    for (const row of rows) observer.observe(row);
  } else {
    for (const row of rows) onScreen.add(row);
  }

  const setLinkEnabled = (id, enabled) => {
    const link = indexLinks.get(id);
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

  const writeURL = () => {
    const url = new URL(location.href);
    if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
    try { history.replaceState(history.state, '', url.href); } catch { /* file:// may refuse */ }
  };

  // A split table lists results from the data, across every section's page.
  const results = main.querySelector('.search-results');
  const more = main.querySelector('.search-more');
  const pageParts = Array.from(main.querySelectorAll('.section-directory, section.section, nav.pager'));
  const MAX_RESULTS = 100;

  const announce = (count) => {
    noResults.hidden = count !== 0;
    status.textContent = count === 0 ? 'No results' : count === 1 ? '1 result' : count + ' results';
  };

  // Typing on narrows a search: when the new query extends the last one, every term of the
  // last is inside a term of the new, so only the last query's matches need looking at.
  let previousKey = null;
  let previousMatches = null;
  const runSplit = (terms) => {
    const folded = data.rows;
    const key = terms.join(' ');
    const candidates = previousKey !== null && key.startsWith(previousKey) ? previousMatches : null;
    const matches = [];
    const test = (i) => {
      const text = folded[i];
      if (terms.every((term) => text.includes(term))) matches.push(i);
    };
    if (candidates) {
      for (const i of candidates) test(i);
    } else {
      for (let i = 0; i < folded.length; i += 1) test(i);
    }
    previousKey = key;
    previousMatches = matches;
    const count = matches.length;
    const shown = matches.slice(0, MAX_RESULTS);
    const matched = new Set(matches.map((i) => data.section[i]));
    const items = shown.map((i) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = root + data.hrefs[i];
      const label = document.createElement('span');
      label.className = 'label';
      label.dataset.search = '';
      label.textContent = data.labels[i];
      const where = document.createElement('span');
      where.className = 'result-section';
      where.textContent = data.sections[data.section[i]][1];
      link.append(label, where);
      item.append(link);
      highlight(item, terms);
      return item;
    });
    results.replaceChildren(...items);
    results.hidden = false;
    for (const part of pageParts) part.hidden = true;
    data.sections.forEach(([id], index) => setLinkEnabled(id, matched.has(index)));
    more.hidden = count <= MAX_RESULTS;
    more.textContent = count > MAX_RESULTS ? 'Showing the first ' + MAX_RESULTS + ' of ' + count + ' — type more to narrow the search.' : '';
    announce(count);
  };

  // A very large table's search data is sharded by the first three letters of each word: a
  // query loads only the shard of its rarest word, a page of entries at a time.
  const shardPages = new Map();
  const loadShardPage = (key, page) => new Promise((resolve) => {
    const id = pageName + '/' + key + '/' + page;
    const loaded = (window.AlmanacSearchShards || {})[id];
    if (loaded) { resolve(loaded); return; }
    if (shardPages.has(id)) { shardPages.get(id).push(resolve); return; }
    shardPages.set(id, [resolve]);
    const script = document.createElement('script');
    const hex = Array.from(new TextEncoder().encode(key), (byte) => byte.toString(16)).join('');
    script.src = root + data.folder + hex + '-' + page + '.js?v=' + data.version;
    const finish = () => {
      const entries = (window.AlmanacSearchShards || {})[id] || [];
      for (const waiter of shardPages.get(id) || []) waiter(entries);
      shardPages.delete(id);
    };
    script.addEventListener('load', finish);
    script.addEventListener('error', finish);
    document.head.appendChild(script);
  });

  let generation = 0;
  const runSharded = async (terms) => {
    const mine = ++generation;
    const words = terms.flatMap((term) => term.split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
    const keyOf = (word) => Array.from(word).slice(0, 3).join('');
    const short = words.find((word) => Array.from(word).length < 3 && !data.shards[word]);
    if (words.length === 0 || short) {
      results.replaceChildren();
      for (const part of pageParts) part.hidden = true;
      results.hidden = true;
      more.hidden = false;
      more.textContent = 'Type at least three letters of a word.';
      noResults.hidden = true;
      status.textContent = more.textContent;
      return;
    }
    const known = words.filter((word) => data.shards[keyOf(word)]);
    if (known.length < words.length) {
      results.replaceChildren();
      results.hidden = true;
      more.hidden = true;
      for (const part of pageParts) part.hidden = true;
      data.sections.forEach(([id]) => setLinkEnabled(id, false));
      announce(0);
      return;
    }
    const rarest = known.reduce((best, word) => (data.shards[keyOf(word)] < data.shards[keyOf(best)] ? word : best));
    const key = keyOf(rarest);
    const pages = Math.ceil(data.shards[key] / data.pageSize);
    const found = [];
    let page = 0;
    for (; page < pages && found.length < MAX_RESULTS; page += 1) {
      const entries = await loadShardPage(key, page);
      if (mine !== generation) return;
      for (const entry of entries) {
        const text = ' ' + entry[1];
        if (words.every((word) => text.includes(' ' + word))) found.push(entry);
      }
    }
    const complete = page >= pages;
    const items = found.slice(0, MAX_RESULTS).map((entry) => {
      const item = document.createElement('li');
      const link = document.createElement('a');
      link.href = root + entry[4];
      const label = document.createElement('span');
      label.className = 'label';
      label.dataset.search = '';
      label.textContent = entry[2];
      const where = document.createElement('span');
      where.className = 'result-section';
      where.textContent = data.sections[entry[3]][1];
      link.append(label, where);
      item.append(link);
      highlight(item, words);
      return item;
    });
    results.replaceChildren(...items);
    results.hidden = false;
    for (const part of pageParts) part.hidden = true;
    if (complete) {
      const matched = new Set(found.map((entry) => entry[3]));
      data.sections.forEach(([id], index) => setLinkEnabled(id, matched.has(index)));
    }
    const shown = Math.min(found.length, MAX_RESULTS);
    more.hidden = complete && found.length <= MAX_RESULTS;
    more.textContent = more.hidden ? '' : 'Showing the first ' + shown + ' of ' + (complete ? found.length : 'over ' + shown) + ' results — type more to narrow the search.';
    noResults.hidden = found.length !== 0;
    status.textContent = found.length === 0 ? 'No results' : complete ? (found.length === 1 ? '1 result' : found.length + ' results') : 'Over ' + shown + ' results';
  };

  const run = () => {
    const terms = fold(query).split(/\s+/).filter(Boolean);
    form.classList.toggle('has-query', query.length > 0);
    if (terms.length === 0) {
      for (const row of rows) if (row.hidden) row.hidden = false;
      for (const row of applied.keys()) unhighlight(row);
      applied.clear();
      wanted.clear();
      for (const section of sections) { section.hidden = false; setLinkEnabled(section.id, true); }
      if (isSplit) {
        generation += 1;
        for (const link of indexLinks.values()) setLinkEnabled(link.dataset.section, true);
        for (const part of pageParts) part.hidden = false;
        results.hidden = true;
        results.replaceChildren();
        more.hidden = true;
      }
      noResults.hidden = true;
      status.textContent = '';
      applyCollapsed();
      return;
    }
    if (!data) { withData(run); return; }
    if (data.sharded) { runSharded(terms); return; }
    if (isSplit) { runSplit(terms); return; }
    let count = 0;
    const visibleIn = new Map();
    const key = terms.join(' ');
    rows.forEach((row, i) => {
      const text = data[i] || '';
      const matches = terms.every((term) => text.includes(term));
      if (row.hidden === matches) row.hidden = !matches;
      if (matches) {
        count += 1;
        wanted.set(row, terms);
        if (onScreen.has(row)) applyHighlight(row, key);
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
      setLinkEnabled(section.id, visible);
      // Search opens any collapsed section that has matches.
      const toggle = section.querySelector('.section-toggle');
      if (toggle && visible) setOpen(toggle, true);
    }
    announce(count);
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
