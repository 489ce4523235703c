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
// strategies (the whole table on this page, a table split into section pages with its data in
// one file, and a large table whose data is sharded by word prefix and read ahead of the
// reader's typing), each `{ search(terms, done), clear() }`; and the search field that drives
// whichever strategy the data calls for. A large test report's plain rows come as data, built
// into rows first (`rowsFromData`); the script then starts again over the rows in place.
(function almanac() {
  'use strict';

  const contract = window.AlmanacContract;
  if (!contract) return;

  // ---- Folding: as the build folds rows (SearchText.swift), from the build's own table. ----
  // Accents go; the marks that spell a word (Thai vowels, kana voicing) stay.
  const rangeClass = (ranges) => ranges.map(([low, high]) => '\\u{' + low.toString(16) + '}-\\u{' + high.toString(16) + '}').join('');
  const spelled = new RegExp('[' + Object.keys(contract.fold).join('') + ']', 'gu');
  const accents = new RegExp('(?![' + rangeClass(contract.keptMarks) + '])\\p{M}', 'gu');
  const fold = (text) => text.toLowerCase().normalize('NFD').replace(accents, '')
    .replace(spelled, (letter) => contract.fold[letter]);

  // ---- Words: as the build cuts them for sharded search (SearchIndex.forEachWord), at every
  // code point that is not a letter, mark or number. A word in a script written without
  // spaces (Japanese, Chinese, Thai) is matched as it stands against the build's words, which
  // begin wherever ICU's dictionary says a word begins and run on to the end of the text, cut
  // at the contract's length: a query is cut as long. ----
  const spaceless = new RegExp('[' + rangeClass(contract.spaceless) + ']', 'u');
  const wordsOf = (terms) => terms.flatMap((term) => term.split(/[^\p{L}\p{M}\p{N}]+/u)).filter(Boolean)
    .map((word) => (spaceless.test(word) ? Array.from(word).slice(0, contract.spacelessWordLength).join('') : word));

  // ---- The page's words, from its strings table (PageWords.swift): a text by its key, a
  // counted one in the form the browser's plural rules (ICU's, as the build's) choose for the
  // page's language, and numbers with the build's digits and grouping. ----
  const phrases = (() => {
    const element = document.getElementById('almanac-words');
    const data = element ? JSON.parse(element.textContent) : { lang: 'en', numbers: null, strings: {} };
    const rules = new Intl.PluralRules(data.lang);
    const style = data.numbers;
    const number = (value) => {
      const digits = String(Math.abs(Math.trunc(value)));
      const local = style ? Array.from(digits, (digit) => style.digits[digit]).join('') : digits;
      if (!style || style.size <= 0 || digits.length < style.size + style.minimum) return (value < 0 ? '-' : '') + local;
      const characters = Array.from(local);
      const groups = [characters.splice(-style.size).join('')];
      while (characters.length > 0) groups.unshift(characters.splice(-style.secondary).join(''));
      return (value < 0 ? '-' : '') + groups.join(style.group);
    };
    const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
    const forms = (key) => data.strings[key] || { other: key };
    return {
      number,
      text: (key, values = {}) => fill(forms(key).other, values),
      counted: (key, count, values = {}) => {
        const all = forms(key);
        return fill(all[rules.select(count)] ?? all.other, { ...values, count: number(count) });
      },
    };
  })();

  const main = document.querySelector('main.listing');
  if (!main) return;

  // ---- A large report's plain rows, as data (RowData.swift): built into the rows the build's
  // templates would have written, a few lists to a task so the page answers between them and
  // reads without waiting for fifty thousand rows; everything below starts once all are in
  // place, so it meets the same rows as on a page written whole. ----
  const rowsFromData = (blocks, then) => {
    const html = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
    const ROWS_PER_LIST = 400; // SectionView.rowsPerList
    const cell = (field, value, named) => {
      const [text, raw] = Array.isArray(value) ? value : [value, null];
      if (text === '') return '';
      return '<span class="field" data-field="' + html(field[0]) + '"' + (named ? ' data-label="' + html(field[1]) + '"' : '')
        + (field[2] ? ' data-search=""' : '') + (raw === null ? '' : ' data-value="' + html(raw) + '"') + '>' + html(text) + '</span>';
    };
    const row = (data, values) => {
      const [id, number, filters, ranks, status, label, ...cells] = values;
      const fields = data.fields.length ? '<span class="fields">' + cells.map((value, k) => cell(data.fields[k], value, data.named)).join('') + '</span>' : '';
      return '<li class="row" id="row-' + html(id) + '" data-i="' + number + '"' + (filters === null ? '' : ' data-f="' + html(filters) + '"')
        + (ranks === null ? '' : ' data-s="' + html(ranks) + '"') + (status < 0 ? '' : ' data-status="' + html(data.statuses[status]) + '"')
        + '><div class="row-body"><span class="row-text"><span class="label"' + (data.labelSearched ? ' data-search=""' : '') + '>'
        + html(label) + '</span>' + fields + '</span></div></li>';
    };
    const jobs = blocks.map((block) => ({ block, data: null, next: 0 }));
    const step = () => {
      const deadline = performance.now() + 10;
      while (jobs.length && performance.now() < deadline) {
        const job = jobs[0];
        if (!job.data) job.data = JSON.parse(job.block.textContent);
        const rows = job.data.rows;
        const end = Math.min(rows.length, job.next + ROWS_PER_LIST);
        const list = rows.slice(job.next, end).map((values) => row(job.data, values)).join('');
        job.block.insertAdjacentHTML('beforebegin', '<ul class="rows' + (rows.length > ROWS_PER_LIST ? ' rows-part' : '') + '">' + list + '</ul>');
        job.next = end;
        if (end === rows.length) jobs.shift().block.remove();
      }
      if (jobs.length) setTimeout(step, 0); else then();
    };
    setTimeout(step, 0);
  };
  const rowBlocks = Array.from(main.querySelectorAll('script.row-data'));
  if (rowBlocks.length) {
    rowsFromData(rowBlocks, almanac);
    return;
  }
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
    // A collapsible heading names the rows it folds; it becomes a button here, with scripts,
    // since without them a button could do nothing.
    for (const heading of main.querySelectorAll('[data-collapses]')) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'section-toggle';
      button.setAttribute('aria-expanded', 'true');
      button.setAttribute('aria-controls', heading.dataset.collapses);
      button.append(...heading.childNodes);
      heading.append(button);
    }
    const toggles = Array.from(main.querySelectorAll('.section-toggle'));
    // A table's section is its own tbody: its rows fold away under its header row.
    const setOpen = (toggle, open) => {
      toggle.setAttribute('aria-expanded', String(open));
      const body = document.getElementById(toggle.getAttribute('aria-controls'));
      if (body && body.tagName === 'TBODY') body.toggleAttribute('data-collapsed', !open);
      else if (body) body.hidden = !open;
    };
    const restore = () => {
      for (const toggle of toggles) setOpen(toggle, !collapsed.has(toggle.closest('.section').id));
    };
    let isSearching = () => false;
    for (const toggle of toggles) {
      toggle.addEventListener('click', () => {
        const id = toggle.closest('.section').id;
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
      // Escape closes the menu and gives focus back to its button, not to the page's top.
      const dismiss = () => {
        const within = nav.contains(document.activeElement) || document.activeElement === document.body;
        close();
        if (within && toggle) toggle.focus();
      };
      const arrange = () => {
        const asMenu = phone.matches && count * 24 > window.innerHeight * 0.88;
        nav.classList.toggle('as-menu', asMenu);
        if (asMenu && !toggle) {
          const entries = nav.querySelectorAll('li');
          toggle = document.createElement('button');
          toggle.type = 'button';
          toggle.className = 'index-toggle';
          // The entries as the phone shows them (a long title's short form), first to last;
          // its name begins with what it says, so a voice command can name it.
          const shown = (entry) => (entry.querySelector('.index-short') || entry).textContent.trim();
          const what = document.createElement('span');
          what.className = 'visually-hidden';
          what.textContent = phrases.text('sections') + ' ';
          toggle.append(what, shown(entries[0]) + '–' + shown(entries[entries.length - 1]));
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
      document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && nav.classList.contains('open')) dismiss(); });
    }
    if (nav) {
      nav.addEventListener('click', (event) => {
        const link = event.target.closest('a');
        if (link && link.getAttribute('aria-disabled') === 'true') { event.preventDefault(); return; }
        // A jump takes the keyboard along: focus goes to the section named (opened if it was
        // folded away), so the next Tab reaches its rows, not the rest of the index.
        const destination = link ? link.getAttribute('href') : '';
        if (!destination.startsWith('#')) return;
        const section = document.getElementById(decodeURIComponent(destination.slice(1)));
        if (!section || !section.classList.contains('section')) return;
        collapsing.open(section);
        const heading = section.querySelector('.section-header, .section-heading > th') || section;
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        requestAnimationFrame(() => heading.focus({ preventScroll: true }));
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
    // Each search sets every link; only those whose state changes are written, since a
    // hundred attribute writes a keystroke cost a phone a good part of its frame.
    const setEnabled = (id, enabled) => {
      const link = links.get(id);
      if (!link || (link.getAttribute('aria-disabled') !== 'true') === enabled) return;
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

  const status = main.querySelector('.search-status');
  const noResults = main.querySelector('.no-results');
  const announce = (count) => {
    noResults.hidden = count !== 0;
    status.textContent = count === 0 ? phrases.text('no_results') : phrases.counted('results', count);
  };

  // ---- Counts in headers and footers: while searching or filtering, `{{count}} states` says
  // how many of the section's rows show, as a table view reloads its footers; cleared, the
  // build's text. ----
  const counted = (section) => Array.from(section.querySelectorAll('[data-count-many]'));
  const originalText = new WeakMap();
  const showCount = (section, shown, total) => {
    for (const element of counted(section)) {
      if (!originalText.has(element)) originalText.set(element, element.textContent);
      element.textContent = shown === total ? originalText.get(element)
        : shown === 1 ? element.dataset.countOne : element.dataset.countMany.split(contract.countToken).join(phrases.number(shown));
    }
  };

  // ---- The first row a list shows draws no hairline above it (almanac.css): marked here
  // when rows before it are hidden, by walking from the top to it, not over the whole list. ----
  const firstShown = new WeakMap();
  // `container`: a section's body or a sorted list, holding one list of rows or several (a
  // long section, a long sorted list): only the very first row draws no hairline on its own.
  const markFirstShownOf = (container) => {
    if (!container) return;
    const lists = container.querySelectorAll(':scope > ul.rows');
    let row = null;
    for (const list of lists) {
      row = list.firstElementChild;
      while (row && row.hidden) row = row.nextElementSibling;
      if (row) break;
    }
    const before = firstShown.get(container);
    if (before === row) return;
    if (before) before.classList.remove('first-shown');
    if (row && row !== lists[0].firstElementChild) { row.classList.add('first-shown'); firstShown.set(container, row); } else firstShown.delete(container);
  };

  // ---- Which rows of a whole page show: those the search (when there is one) and every
  // filter let through. Search and the filter panel each set their half; sections, their
  // counts, the index and the announcement follow. ----
  const visibility = (() => {
    const rows = Array.from(main.querySelectorAll('.row[data-i]'));
    const sections = Array.from(main.querySelectorAll('.section'));
    const rowSections = rows.map((row) => row.closest('.section'));
    const totals = new Map(sections.map((section) => [section, section.querySelectorAll('.row').length]));
    let searched = null;
    let filtered = null;
    // Told when the search changes, so the filters' counts follow it.
    let onSearch = null;
    const refresh = () => {
      const narrowed = searched !== null || filtered !== null;
      const visibleIn = new Map();
      let count = 0;
      rows.forEach((row, i) => {
        const show = (searched === null || searched[i] === 1) && (filtered === null || filtered[i] === 1);
        if (row.hidden === show) row.hidden = !show;
        if (show) {
          count += 1;
          visibleIn.set(rowSections[i], (visibleIn.get(rowSections[i]) || 0) + 1);
        }
      });
      for (const section of sections) {
        const visible = !narrowed || visibleIn.has(section);
        if (section.hidden === visible) section.hidden = !visible;
        markFirstShownOf(section.querySelector('.section-body'));
        sectionIndex.setEnabled(section.id, visible);
        showCount(section, visible ? visibleIn.get(section) || totals.get(section) : 0, totals.get(section));
        // A search or filter opens any collapsed section that has rows to show.
        if (narrowed && visible) collapsing.open(section);
      }
      markFirstShownOf(main.querySelector('.sorted-list'));
      if (narrowed) announce(count);
      else {
        noResults.hidden = true;
        if (status && !status.classList.contains('search-error')) status.textContent = '';
        collapsing.restore();
      }
    };
    return {
      rows,
      sections,
      // `matches`: 1 for each row the search finds, or null for no search.
      setSearch: (matches) => { searched = matches; if (onSearch) onSearch(); else refresh(); },
      setFilters: (passing) => { filtered = passing; refresh(); },
      isFound: (i) => searched === null || searched[i] === 1,
      isNarrowed: () => searched !== null || filtered !== null,
      onSearch: (callback) => { onSearch = callback; },
    };
  })();

  collapsing.whileSearching(() => visibility.isNarrowed());

  const field = document.getElementById('search-field');
  const form = field ? field.form : null;
  const MAX_RESULTS = 100;
  // The results a phone shows without scrolling.
  const SCREENFUL = 12;

  // A search whose data cannot be loaded says so where a reader looks, not only to a screen
  // reader.
  const fail = (what) => {
    status.textContent = phrases.text(what);
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
  // The search data as the build spells it (BrowserContract.swift), read into the names used
  // here; a whole page's data is a plain list of rows.
  const fromBuild = (raw) => {
    if (Array.isArray(raw)) return raw;
    const read = Object.fromEntries(Object.entries(contract.searchData).map(([ours, spelled]) => [ours, raw[spelled]]));
    const place = Object.fromEntries(contract.sectionEntry.map((name, index) => [name, index]));
    read.sections = (read.sections || []).map((entry) => ({ id: entry[place.id], title: entry[place.title], page: entry[place.page] }));
    return read;
  };
  let data = null;
  const waiting = [];
  const withData = (callback) => {
    // A single file carries a whole page's data as JSON, read the first time it is needed.
    const inline = document.getElementById('almanac-search-data');
    if (inline) {
      data = fromBuild(JSON.parse(inline.textContent));
      inline.remove();
      callback();
      return;
    }
    const registered = window.AlmanacSearchData && window.AlmanacSearchData[pageName];
    if (registered) { data = fromBuild(registered); callback(); return; }
    waiting.push(callback);
    if (waiting.length > 1) return;
    const failed = () => { waiting.length = 0; fail('search_unavailable'); };
    // A split page names an entry whose name never changes (so a changed row does not change
    // every section page): it is asked for past any cache, and names this build's data file.
    const load = (source, isEntry) => loadScript(isEntry ? source + '?t=' + Date.now() : source, () => {
      const loaded = (window.AlmanacSearchData || {})[pageName];
      if (!loaded) { failed(); return; }
      const file = loaded[contract.searchData.file];
      if (isEntry && typeof file === 'string') {
        delete window.AlmanacSearchData[pageName];
        load(root + file, false);
        return;
      }
      data = fromBuild(loaded);
      for (const waiter of waiting.splice(0)) waiter();
    }, failed);
    load(main.dataset.searchSrc, main.dataset.searchEntry === 'true');
  };

  // ---- Highlighting: matches get <mark>, mapped back through folding to the original text. ----
  // Folded text with, for each folded character, the index of the original it came from.
  // ASCII folds to its lower case one for one: only other letters go through `fold`, which is
  // slow per character and would make highlighting a hundred results cost a frame on a phone.
  const foldWithMap = (text) => {
    let folded = '';
    const map = [];
    let position = 0;
    for (const character of text) {
      const code = character.charCodeAt(0);
      if (code < 0x80) {
        folded += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
        map.push(position);
        position += 1;
        continue;
      }
      const piece = fold(character);
      for (let k = 0; k < piece.length; k += 1) map.push(position);
      folded += piece;
      position += character.length;
    }
    map.push(position);
    return { folded, map };
  };
  // A result row's label is highlighted anew at every keystroke: its folding is kept.
  const foldings = new Map();
  const foldedOnce = (text) => {
    let known = foldings.get(text);
    if (!known) {
      if (foldings.size > 5000) foldings.clear();
      known = foldWithMap(text);
      foldings.set(text, known);
    }
    return known;
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
  // `wordStarts`: only where a word begins, as sharded search matches (`r` in `S.r.l.`, not in
  // `Anchor`; after any letter of a script written without spaces, whose words the build cut
  // by dictionary); otherwise wherever the term is, as the other strategies match.
  const wordCharacter = /[\p{L}\p{M}\p{N}]/u;
  const highlight = (element, terms, wordStarts = false) => {
    for (const part of element.querySelectorAll('[data-search]')) {
      const text = originals.has(part) ? originals.get(part) : part.textContent;
      const { folded, map } = foldedOnce(text);
      const ranges = [];
      for (const term of terms) {
        let at = folded.indexOf(term);
        while (at !== -1) {
          if (wordStarts && at > 0 && wordCharacter.test(folded[at - 1]) && !spaceless.test(folded[at - 1])) { at = folded.indexOf(term, at + 1); continue; }
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
    const item = (href, labelText, sectionTitle, terms, wordStarts) => {
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
      highlight(element, terms, wordStarts);
      return element;
    };
    // A screenful of results is made at once and the rest a frame at a time, so a keystroke
    // that finds a hundred rows on a phone is answered within its frame. Typing on mostly
    // finds the same rows again: their elements are kept (by address) and highlighted anew,
    // and a list whose rows did not change is not rebuilt.
    let showing = 0;
    let kept = new Map();
    // The rows made so far of a list still being filled a frame at a time.
    let filling = null;
    const element = ([href, labelText, sectionTitle], terms, made, wordStarts) => {
      const old = kept.get(href);
      if (old) { highlight(old, terms, wordStarts); made.set(href, old); return old; }
      const fresh = item(href, labelText, sectionTitle, terms, wordStarts);
      made.set(href, fresh);
      return fresh;
    };
    // The list is changed in place: a row goes where it belongs, and the rows after the first
    // screenful are hidden at once and put right or taken out a frame at a time. Taking a
    // hundred rows out of a laid-out list costs a phone several milliseconds; hiding them, a
    // tenth of one.
    const place = (node, at) => {
      const current = list.children[at];
      if (current !== node) list.insertBefore(node, current || null);
      if (node.hidden) node.hidden = false;
    };
    const hideFrom = (at) => {
      const rows = list.children;
      for (let k = at; k < rows.length; k += 1) if (!rows[k].hidden) rows[k].hidden = true;
    };
    const removeFrom = (at) => {
      if (list.children.length <= at) return;
      const tail = document.createRange();
      tail.setStartBefore(list.children[at]);
      tail.setEndAfter(list.lastChild);
      tail.deleteContents();
    };
    return {
      // `describe(k)`: the k-th result's [href, label, section title].
      show: (count, describe, terms, note, wordStarts = false) => {
        const mine = ++showing;
        const made = new Map();
        for (let k = 0; k < Math.min(count, SCREENFUL); k += 1) place(element(describe(k), terms, made, wordStarts), k);
        let next = Math.min(count, SCREENFUL);
        hideFrom(next);
        list.hidden = false;
        for (const part of pageParts) part.hidden = true;
        more.hidden = !note;
        more.textContent = note || '';
        const finish = () => { kept = made; filling = null; removeFrom(count); };
        const rest = () => {
          if (mine !== showing) return;
          const end = Math.min(count, next + SCREENFUL * 2);
          for (; next < end; next += 1) place(element(describe(next), terms, made, wordStarts), next);
          if (next < count) requestAnimationFrame(rest); else finish();
        };
        filling = made;
        if (next < count) requestAnimationFrame(rest); else finish();
      },
      // A search that must wait for its data stops filling the last list: frames drawn while
      // it waits would lay out rows about to be replaced. The rows made so far are kept for
      // the list that replaces them.
      hold: () => {
        showing += 1;
        if (filling) { kept = filling; filling = null; }
      },
      showNothing: (note) => {
        showing += 1;
        kept = new Map();
        filling = null;
        list.replaceChildren();
        list.hidden = true;
        for (const part of pageParts) part.hidden = true;
        more.hidden = !note;
        more.textContent = note || '';
      },
      clear: () => {
        showing += 1;
        kept = new Map();
        filling = null;
        for (const part of pageParts) part.hidden = false;
        if (list) { list.hidden = true; list.replaceChildren(); }
        if (more) more.hidden = true;
        sectionIndex.enableAll();
      },
    };
  })();
  // `total`: how many there are, said in full (`1,204 results`, `over 100 results`).
  const narrowHint = (shown, total) => phrases.text('showing_first_search', { shown: phrases.number(shown), total });


  // ---- Strategy: the whole table is on this page; rows that do not match are hidden (by
  // `visibility`, which the filters share). ----
  const wholePage = (folded) => {
    const rows = visibility.rows;
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
      search: (terms, done) => {
        const matches = new Uint8Array(rows.length);
        rows.forEach((row, i) => {
          const text = folded[i] || '';
          if (terms.every((term) => text.includes(term))) {
            matches[i] = 1;
            wanted.set(row, terms);
            if (onScreen.has(row)) apply(row);
          } else if (wanted.has(row)) {
            wanted.delete(row);
            if (applied.has(row)) { unhighlight(row); applied.delete(row); }
          }
        });
        visibility.setSearch(matches);
        done();
      },
      clear: () => {
        for (const row of applied.keys()) unhighlight(row);
        applied.clear();
        wanted.clear();
        visibility.setSearch(null);
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
      search: (terms, done) => {
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
        resultsView.show(Math.min(matches.length, MAX_RESULTS), (k) => [
          table.hrefs[matches[k]], table.labels[matches[k]], table.sections[table.section[matches[k]]].title], terms,
        matches.length > MAX_RESULTS ? narrowHint(MAX_RESULTS, phrases.counted('results', matches.length)) : '');
        const matched = new Set(matches.map((i) => table.section[i]));
        table.sections.forEach(({ id }, index) => sectionIndex.setEnabled(id, matched.has(index)));
        announce(matches.length);
        done();
      },
      clear: () => { previousKey = null; resultsView.clear(); },
      // Every row the query finds, for the filters to narrow.
      matches: (terms) => {
        const found = [];
        for (let i = 0; i < table.rows.length; i += 1) if (terms.every((term) => table.rows[i].includes(term))) found.push(i);
        return Promise.resolve(found);
      },
    };
  };

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

  // ---- The filter panel and Sort by, on a whole page: each row's values for each filter and
  // its rank in each order come from the build (`data-f`, `data-s`; FilterPanel.swift), so
  // counting and ordering compare numbers only. Several values of one filter are OR, filters
  // are AND, and a filter's counts are those its values would have with its own choice
  // cleared. The state lives in the address: a click is a step back/forward can retrace. ----
  const browse = (() => {
    const panel = main.querySelector('.browse');
    if (!panel) return null;
    panel.hidden = false;
    const details = panel.querySelector('.filter-panel');
    if (details && window.matchMedia('(min-width: 48rem)').matches) details.open = true;
    // A split page's rows are on other pages: it counts and orders from files (`split`).
    const rows = isSplit ? [] : visibility.rows;
    const filters = Array.from(panel.querySelectorAll('fieldset.filter')).map((set) => ({
      param: set.dataset.filter,
      kind: set.dataset.kind,
      legend: set.querySelector('legend').textContent,
      boxes: Array.from(set.querySelectorAll('input[type=checkbox]')),
      from: set.querySelector('.range-from'),
      to: set.querySelector('.range-to'),
    }));
    const isRange = (filter) => filter.kind === 'range';
    // Each row's value numbers for each filter (a range: its key, or null).
    const rowValues = rows.map((row) => (row.dataset.f || '').split(' ').map((part, f) => {
      if (!filters[f]) return null;
      if (isRange(filters[f])) return part === '-' ? null : Number(part);
      return part.split(',').filter(Boolean).map(Number);
    }));
    // A date input's 1999-04-12 as the build keys dates: 19990412.
    const keyOf = (input) => {
      if (!input || input.value === '') return null;
      if (input.type === 'date') {
        const parts = /^(\d{4,})-(\d{2})-(\d{2})$/.exec(input.value);
        return parts ? Number(parts[1]) * 10000 + Number(parts[2]) * 100 + Number(parts[3]) : null;
      }
      const number = Number(input.value);
      return Number.isFinite(number) ? number : null;
    };
    const chosen = (filter) => new Set(filter.boxes.filter((box) => box.checked).map((box) => Number(box.dataset.v)));
    const isActive = (filter) => (isRange(filter) ? keyOf(filter.from) !== null || keyOf(filter.to) !== null : filter.boxes.some((box) => box.checked));
    const passer = (filter) => {
      if (isRange(filter)) {
        const low = keyOf(filter.from);
        const high = keyOf(filter.to);
        return (value) => value !== null && (low === null || value >= low) && (high === null || value <= high);
      }
      const wanted = chosen(filter);
      return (values) => values.some((value) => wanted.has(value));
    };

    // ---- A split page: its rows are on other pages, so what the filters and order leave is
    // listed as results, found in files made at build time (BrowseData.swift). A click reads
    // the lists of the values chosen; counts come from the manifest's tables of value pairs,
    // or, once a range, a search or a third field makes them need every row, from columns of
    // every row's values. A sorted view reads the order's files only as far as it shows. ----
    const split = !isSplit ? null : (() => {
      const read = (raw) => Object.fromEntries(Object.entries(contract.browseData).map(([ours, spelled]) => [ours, raw[spelled]]));
      const registered = (stem) => (window.AlmanacBrowseFiles || {})[pageName + '/' + stem];
      let manifest = null;
      let ready = null;
      const load = () => ready || (ready = new Promise((resolve, reject) => {
        // The entry's name never changes, so it is asked for past any cache; it names this
        // build's manifest, whose name changes with its content.
        loadScript(main.dataset.browseSrc + '?t=' + Date.now(), () => {
          const entry = (window.AlmanacBrowseData || {})[pageName];
          if (!entry) { reject(); return; }
          delete window.AlmanacBrowseData[pageName];
          loadScript(root + entry[contract.browseData.file], () => {
            const loaded = (window.AlmanacBrowseData || {})[pageName];
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
          lists.set(stem, file(stem).then((differences) => {
            const rowsOfValue = new Int32Array(differences.length);
            let row = 0;
            differences.forEach((difference, k) => { row += difference; rowsOfValue[k] = row; });
            return rowsOfValue;
          }));
        }
        return lists.get(stem);
      };
      // Every block of a column (`c`: a filter's values, `k`: an order's ranks) as one typed
      // array a row's number indexes: a value number (-1 where the row has several, kept in
      // `lists`), a range key (NaN where there is none), a rank (-1 for none). Loops over a
      // million rows read typed arrays several times faster than arrays parsed from JSON.
      const columns = new Map();
      const column = (stem, isKey) => {
        if (!columns.has(stem)) {
          const blocks = Math.ceil(manifest.rows / manifest.columnRows);
          const stems = Array.from({ length: blocks }, (_, b) => stem + '-' + b);
          columns.set(stem, Promise.all(stems.map(file)).then((parts) => {
            // The parsed blocks are let go once copied: at a million rows each is megabytes.
            for (const block of stems) {
              files.delete(block);
              delete window.AlmanacBrowseFiles[pageName + '/' + block];
            }
            const values = isKey ? new Float64Array(manifest.rows) : new Int32Array(manifest.rows);
            const lists = new Map();
            let row = 0;
            for (const part of parts) {
              for (const value of part) {
                if (typeof value === 'number') values[row] = value;
                else if (value === null) values[row] = isKey ? NaN : -1;
                else { values[row] = -1; lists.set(row, value); }
                row += 1;
              }
            }
            return { values, lists };
          }));
        }
        return columns.get(stem);
      };
      // Rows in either of two ascending lists, and in both.
      const union = (a, b) => {
        const out = new Int32Array(a.length + b.length);
        let i = 0; let j = 0; let n = 0;
        while (i < a.length || j < b.length) {
          if (j >= b.length || (i < a.length && a[i] < b[j])) out[n++] = a[i++];
          else if (i >= a.length || b[j] < a[i]) out[n++] = b[j++];
          else { out[n++] = a[i++]; j += 1; }
        }
        return out.subarray(0, n);
      };
      const intersection = (a, b) => {
        const out = new Int32Array(Math.min(a.length, b.length));
        let i = 0; let j = 0; let n = 0;
        while (i < a.length && j < b.length) {
          if (a[i] < b[j]) i += 1; else if (b[j] < a[i]) j += 1; else { out[n++] = a[i]; i += 1; j += 1; }
        }
        return out.subarray(0, n);
      };
      // A filter's counts from the pair tables: with no other filter applied, the build's own;
      // with one other of single values applied, the sum of its chosen values' rows. Null when
      // they cannot tell.
      const pairCounts = (f, active, chosenSets) => {
        const others = active.map((on, g) => (on && g !== f ? g : -1)).filter((g) => g >= 0);
        if (others.length === 0) return manifest.filters[f].counts.slice();
        const g = others[0];
        if (others.length > 1 || isRange(filters[g]) || !manifest.filters[g].single) return null;
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
      // What the filters and the search leave: `rows` ascending (null: every row), and each
      // filter's counts.
      const narrow = async (found) => {
        const active = filters.map(isActive);
        const chosenSets = filters.map((filter) => (isRange(filter) ? null : chosen(filter)));
        const fromPairs = filters.map((filter, f) => (isRange(filter) ? null : pairCounts(f, active, chosenSets)));
        const anyRange = filters.some((filter, f) => isRange(filter) && active[f]);
        if (!found && !anyRange && filters.every((filter, f) => isRange(filter) || fromPairs[f])) {
          let result = null;
          for (const [f, filter] of filters.entries()) {
            if (!active[f]) continue;
            let either = new Int32Array(0);
            for (const list of await Promise.all(Array.from(chosenSets[f], (v) => rowsOf(f, v)))) either = union(either, list);
            result = result ? intersection(result, either) : either;
          }
          return { rows: result, counts: fromPairs };
        }
        // Every row's values: the rows found, or every row, counted against every filter.
        const columnsOf = await Promise.all(filters.map((filter, f) => column('c' + f, isRange(filter))));
        const values = columnsOf.map((c) => c.values);
        const lists = columnsOf.map((c) => c.lists);
        const flags = filters.map((filter, f) => {
          if (!active[f] || isRange(filter)) return null;
          const flag = new Uint8Array(filter.boxes.length);
          for (const v of chosenSets[f]) flag[v] = 1;
          return flag;
        });
        const low = filters.map((filter) => (isRange(filter) ? (keyOf(filter.from) ?? -Infinity) : 0));
        const high = filters.map((filter) => (isRange(filter) ? (keyOf(filter.to) ?? Infinity) : 0));
        // Column by column, each loop reading one typed array: how many filters each row fails,
        // and which. A row counts towards a filter's values when it fails no other filter.
        const size = found ? found.length : manifest.rows;
        const failures = new Uint8Array(manifest.rows);
        const failedBy = new Uint8Array(manifest.rows);
        for (const [f, filter] of filters.entries()) {
          if (!active[f]) continue;
          const column = values[f];
          if (isRange(filter)) {
            const [from, to] = [low[f], high[f]];
            for (let k = 0; k < size; k += 1) {
              const row = found ? found[k] : k;
              const value = column[row];
              // NaN (no key) fails both comparisons.
              if (!(value >= from && value <= to)) { failures[row] += 1; failedBy[row] = f; }
            }
            continue;
          }
          const flag = flags[f];
          const several = lists[f];
          for (let k = 0; k < size; k += 1) {
            const row = found ? found[k] : k;
            const value = column[row];
            const passes = value >= 0 ? flag[value] === 1 : several.get(row).some((v) => flag[v] === 1);
            if (!passes) { failures[row] += 1; failedBy[row] = f; }
          }
        }
        const counts = filters.map((filter) => (isRange(filter) ? null : new Int32Array(filter.boxes.length)));
        for (const [f, filter] of filters.entries()) {
          if (isRange(filter)) continue;
          const column = values[f];
          const tally = counts[f];
          const several = lists[f];
          for (let k = 0; k < size; k += 1) {
            const row = found ? found[k] : k;
            const failed = failures[row];
            if (failed > 1 || (failed === 1 && failedBy[row] !== f)) continue;
            const value = column[row];
            if (value >= 0) tally[value] += 1;
            else for (const v of several.get(row)) tally[v] += 1;
          }
        }
        const passing = [];
        for (let k = 0; k < size; k += 1) {
          const row = found ? found[k] : k;
          if (failures[row] === 0) passing.push(row);
        }
        return { rows: Int32Array.from(passing), counts };
      };
      // The first `limit` rows of `rows` (null: every row) in the chosen order, handed to
      // `progress` as they are found when it needs the order's files.
      const ordered = async (rows, found, limit, progress) => {
        if (!order) return rows ? Array.from(rows.subarray(0, limit)) : Array.from({ length: Math.min(limit, manifest.rows) }, (_, k) => k);
        const s = sortFields.indexOf(order.replace(/^-/, ''));
        const descending = order[0] === '-';
        if (found && rows) {
          // A search's rows are few and spread over every file of an order: their ranks sort them.
          const ranks = (await column('k' + s, false)).values;
          const rank = (row) => ranks[row];
          return Array.from(rows).sort((a, b) => {
            const x = rank(a);
            const y = rank(b);
            if (x !== y) {
              if (x < 0) return 1;
              if (y < 0) return -1;
              return descending ? y - x : x - y;
            }
            return a - b;
          }).slice(0, limit);
        }
        const wanted = rows ? new Uint8Array(manifest.rows) : null;
        if (rows) for (const row of rows) wanted[row] = 1;
        const picked = [];
        const pages = Math.ceil(manifest.rows / manifest.orderRows);
        for (let p = 0; p < pages && picked.length < limit; p += 1) {
          for (const row of await file('o' + s + (descending ? 'd' : 'a') + '-' + p)) {
            if (!wanted || wanted[row]) picked.push(row);
            if (picked.length >= limit) break;
          }
          if (picked.length < limit) progress(picked);
        }
        return picked;
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
      for (const type of ['pointerdown', 'focusin']) panel.addEventListener(type, () => load().catch(() => {}), { once: true });
      return {
        connect: (connected) => { search = connected; },
        refresh: async () => {
          const mine = ++generation;
          const started = performance.now();
          // Read by the benchmark: from a change to the first screenful of results shown.
          const measured = () => performance.measure('almanac-browse', { start: started });
          const owns = filters.some(isActive) || order !== '';
          // Under any order but the page's own, the list has no sections to jump to.
          if (index) index.hidden = order !== '';
          if (!owns) {
            resultsView.clear();
            if (!status.classList.contains('search-error')) status.textContent = '';
            noResults.hidden = true;
            if (search) search.release();
            measured();
            return;
          }
          try {
            await load();
            const terms = search ? search.terms() : [];
            const found = terms.length > 0 ? await search.matches(terms) : null;
            if (mine !== generation) return;
            // A word too short to look up in sharded search data narrows nothing yet.
            const tooShort = terms.length > 0 && !found ? phrases.counted('type_at_least_these', contract.shardKeyLength) : '';
            // A new order alone leaves the rows and counts as they were.
            const state = JSON.stringify([filters.map((filter) => (isRange(filter) ? [keyOf(filter.from), keyOf(filter.to)]
              : Array.from(chosen(filter)).sort((a, b) => a - b))), found ? terms : null]);
            if (!narrowed || narrowed.state !== state) {
              narrowed = { state, ...(await narrow(found ? Int32Array.from(found).sort() : null)) };
            }
            const { rows: result, counts } = narrowed;
            if (mine !== generation) return;
            showCounts(counts);
            const total = result ? result.length : manifest.rows;
            announce(total);
            const note = total > MAX_RESULTS ? phrases.text('showing_first_filters', { shown: phrases.number(MAX_RESULTS), total: phrases.number(total) }) : '';
            let shown = 0;
            const show = async (picked, finished) => {
              if (picked.length <= shown && !finished) return;
              const described = await facts(picked);
              if (mine !== generation) return;
              const first = shown === 0;
              shown = picked.length;
              resultsView.show(described.length, (k) => described[k], terms, finished ? [tooShort, note].filter(Boolean).join(' ') : '');
              if (finished && shown === 0) resultsView.showNothing('');
              if (first) measured();
            };
            const picked = await ordered(result, found, MAX_RESULTS, (soFar) => {
              if (soFar.length >= SCREENFUL && shown === 0) show(soFar.slice(), false);
            });
            if (mine !== generation) return;
            // The first screenful at once; the rest of the list as its files arrive.
            if (picked.length > SCREENFUL && shown === 0) await show(picked.slice(0, SCREENFUL), false);
            if (mine !== generation) return;
            await show(picked, true);
            if (mine !== generation) return;
            if (result) {
              const starts = manifest.sectionStarts;
              const matched = new Set();
              let section = 0;
              for (const row of result) {
                while (section + 1 < starts.length && starts[section + 1] <= row) section += 1;
                matched.add(section);
              }
              manifest.sections.forEach(([id], k) => sectionIndex.setEnabled(id, matched.has(k)));
            }
          } catch {
            if (mine === generation) fail('filters_unavailable');
          }
        },
      };
    })();

    const showCounts = (counts) => filters.forEach((filter, f) => filter.boxes.forEach((box, v) => {
      if (!counts[f]) return;
      const count = box.parentElement.querySelector('.filter-count');
      const text = phrases.number(counts[f][v]);
      if (count.textContent !== text) count.textContent = text;
      box.closest('li').classList.toggle('is-empty', counts[f][v] === 0 && !box.checked);
    }));

    // Counts: a row counts towards a filter's values when it is found and passes every other
    // filter; it shows when it passes them all.
    const apply = () => {
      if (split) { split.refresh(); describe(); return; }
      const active = filters.map(isActive);
      const passes = filters.map((filter, f) => (active[f] ? passer(filter) : null));
      const counts = filters.map((filter) => new Array(filter.boxes.length).fill(0));
      const anyActive = active.some(Boolean);
      const passing = anyActive ? new Uint8Array(rows.length) : null;
      for (let i = 0; i < rows.length; i += 1) {
        if (!visibility.isFound(i)) continue;
        let failed = -1;
        let failures = 0;
        for (let f = 0; f < filters.length && failures < 2; f += 1) {
          if (passes[f] && !passes[f](rowValues[i][f])) { failed = f; failures += 1; }
        }
        if (failures === 0 && passing) passing[i] = 1;
        if (failures > 1) continue;
        for (let f = 0; f < filters.length; f += 1) {
          if (isRange(filters[f]) || (failures === 1 && failed !== f)) continue;
          for (const value of rowValues[i][f]) counts[f][value] += 1;
        }
      }
      showCounts(counts);
      describe();
      visibility.setFilters(passing);
    };

    // ---- The bar that says what is applied, each choice with a button that takes it away. ----
    const bar = main.querySelector('.applied-filters');
    const button = (text, label, action, className) => {
      const element = document.createElement('button');
      element.type = 'button';
      element.className = className;
      element.textContent = text;
      if (label) element.setAttribute('aria-label', label);
      // The button goes with the choice it took away: focus moves to the bar's next choice,
      // or to the panel once nothing is applied, not to the top of the page.
      element.addEventListener('click', () => {
        action();
        changed(true);
        const next = bar.querySelector('button') || panel.querySelector('.filter-panel > summary, select, button');
        if (next) next.focus();
      });
      return element;
    };
    const describe = () => {
      const parts = [];
      for (const filter of filters) {
        if (!isActive(filter)) continue;
        const part = document.createElement('span');
        part.className = 'applied-filter';
        part.append(filter.legend + ': ');
        if (isRange(filter)) {
          const text = (filter.from.value || '…') + ' – ' + (filter.to.value || '…');
          part.append(button(text + ' ✕', phrases.text('remove_filter', { field: filter.legend, value: text }), () => { filter.from.value = ''; filter.to.value = ''; }, 'applied-value'));
        } else {
          filter.boxes.filter((box) => box.checked).forEach((box, k) => {
            if (k > 0) part.append(', ');
            // The value as the panel shows it, which may be in the page's words (a report's outcomes).
            const shown = box.parentElement.querySelector('.filter-value').textContent;
            part.append(button(shown + ' ✕', phrases.text('remove_filter', { field: filter.legend, value: shown }), () => { box.checked = false; }, 'applied-value'));
          });
        }
        parts.push(part);
      }
      bar.replaceChildren();
      parts.forEach((part, k) => { if (k > 0) bar.append(' · '); bar.append(part); });
      if (parts.length > 0) {
        bar.append(' · ');
        bar.append(button(phrases.text('clear_all'), null, () => {
          for (const filter of filters) {
            for (const box of filter.boxes) box.checked = false;
            if (filter.from) { filter.from.value = ''; filter.to.value = ''; }
          }
        }, 'applied-clear'));
      }
      bar.hidden = parts.length === 0;
    };

    // ---- Long lists narrow as a value is typed. ----
    for (const find of panel.querySelectorAll('.filter-find')) {
      const items = Array.from(find.closest('fieldset').querySelectorAll('.filter-values li'));
      const texts = items.map((item) => fold(item.querySelector('.filter-value').textContent));
      find.addEventListener('input', () => {
        const wanted = fold(find.value.trim());
        items.forEach((item, k) => { item.hidden = wanted !== '' && !texts[k].includes(wanted); });
      });
    }

    // ---- Sort by: any order but the page's own shows one flat list, without sections or the
    // index, as a table view does when a list is not alphabetical. Ties keep the page's order,
    // and rows without the value come last either way. ----
    const select = panel.querySelector('.sort-control');
    const sortFields = select ? Array.from(select.options).map((option) => option.value).filter((value) => value && value[0] !== '-') : [];
    const ranks = rows.map((row) => (row.dataset.s || '').split(' ').map((part) => (part === '-' ? -1 : Number(part))));
    const table = main.querySelector('table.rows-table');
    const index = document.querySelector('nav.section-index');
    // Where each row goes back to: its own list (a long section has several), or its
    // section's tbody before the footer row.
    const homes = rows.map((row) => row.parentNode);
    const anchors = new Map(visibility.sections.map((section) => [section, section.querySelector('.section-footer-row')]));
    let flat = null;
    let order = '';
    // The rows of each of the lists a sorted list is cut into (see almanac.css).
    const SORTED_LIST_ROWS = 400;
    // Rows moved before the first frame: more than a tall screen holds, few enough to lay out at once.
    const FIRST_ROWS = 60;
    const headers = table ? Array.from(table.querySelectorAll('thead th[data-sort]')) : [];
    // Rows move a few thousand to a task: the first screenful at once, the rest after, so a
    // new order of 50,000 rows shows in the next frame rather than after every move. A move
    // under way is finished before anything else reads or moves rows.
    const moves = (() => {
      let job = null;
      let timer = 0;
      let frame = 0;
      const advance = (deadline) => {
        while (job && job.next < job.count && performance.now() < deadline) {
          const end = Math.min(job.count, job.next + SORTED_LIST_ROWS);
          for (let k = job.next; k < end; k += 1) job.place(k);
          job.next = end;
        }
        if (job && job.next >= job.count) {
          const { done } = job;
          job = null;
          done();
        }
      };
      const later = () => {
        timer = 0;
        advance(performance.now() + 8);
        if (job) timer = setTimeout(later, 0);
      };
      const finish = () => {
        if (frame) cancelAnimationFrame(frame);
        if (timer) clearTimeout(timer);
        frame = 0;
        timer = 0;
        advance(Infinity);
      };
      const start = (count, place, done) => {
        finish();
        job = { count, place, done, next: 0 };
        const first = Math.min(count, FIRST_ROWS);
        for (let k = 0; k < first; k += 1) place(k);
        job.next = first;
        // The rest once the first screenful is drawn.
        if (first >= count) advance(Infinity);
        else frame = requestAnimationFrame(() => { frame = 0; timer = setTimeout(later, 0); });
      };
      return { start, finish };
    })();
    // Rows leave the flat list for their sections, top first.
    const backHome = () => {
      flat.remove();
      flat = null;
      const home = (i) => homes[i].insertBefore(rows[i], table ? anchors.get(homes[i]) : null);
      const marked = () => { if (!table) for (const section of visibility.sections) markFirstShownOf(section.querySelector('.section-body')); };
      moves.start(rows.length, home, marked);
      marked();
    };
    // Rows go into one flat list in `sorted` order, cut into lists the browser does not lay out
    // while off screen (almanac.css); the sections they leave are hidden.
    const showInOrder = (sorted) => {
      if (flat) flat.remove();
      if (table) {
        const into = flat = document.createElement('tbody');
        flat.className = 'sorted-rows';
        table.append(flat);
        moves.start(sorted.length, (k) => into.append(rows[sorted[k]]), () => {});
        return;
      }
      const into = flat = document.createElement('div');
      flat.className = 'sorted-list';
      const lists = [];
      for (let start = 0; start < sorted.length; start += SORTED_LIST_ROWS) {
        const list = document.createElement('ul');
        list.className = 'rows';
        lists.push(list);
        flat.append(list);
      }
      // Once every row has moved, a row a section marked as its first shown no longer is.
      const marked = () => {
        markFirstShownOf(into);
        for (const section of visibility.sections) markFirstShownOf(section.querySelector('.section-body'));
      };
      moves.start(sorted.length, (k) => lists[Math.floor(k / SORTED_LIST_ROWS)].append(rows[sorted[k]]), marked);
      markFirstShownOf(flat);
      const last = visibility.sections[visibility.sections.length - 1];
      if (last) last.after(flat);
    };
    // The rows' order by the field at `place`: each row's rank (from the build) and its place on
    // the page packed into one number, so the browser's own numeric sort orders 50,000 rows
    // without calling back into script for each comparison. Ties keep the page's order, and
    // rows without the value (rank -1) come last either way. Exact while rows × ranks stay
    // under 2^53: some 90 million rows.
    const orderOf = (place, descending) => {
      let top = 0;
      for (const rank of ranks) if (rank[place] > top) top = rank[place];
      const span = 2 ** Math.ceil(Math.log2(rows.length + 1));
      const keys = new Float64Array(rows.length);
      ranks.forEach((rank, i) => {
        const key = rank[place] < 0 ? top + 1 : descending ? top - rank[place] : rank[place];
        keys[i] = key * span + i;
      });
      keys.sort();
      return Array.from(keys, (key) => key % span);
    };
    const sortBy = (value) => {
      moves.finish();
      const field = value.replace(/^-/, '');
      const place = sortFields.indexOf(field);
      if (place < 0) value = '';
      order = value;
      if (select) select.value = value;
      for (const header of headers) {
        if (header.dataset.sort === field && value) header.setAttribute('aria-sort', value[0] === '-' ? 'descending' : 'ascending');
        else header.removeAttribute('aria-sort');
      }
      // A split page lists its rows in this order as results (`split`).
      if (split) return;
      if (!value) {
        if (flat) backHome();
        main.classList.remove('is-sorted');
        if (index) index.hidden = false;
        return;
      }
      const sorted = orderOf(place, value[0] === '-');
      main.classList.add('is-sorted');
      if (index) index.hidden = true;
      showInOrder(sorted);
    };
    // A new order is said as the rows move (a screen reader hears nothing else change).
    const sayOrder = () => {
      if (status && select) status.textContent = order ? phrases.text('sorted_by', { order: select.selectedOptions[0].textContent }) : phrases.text('in_page_order');
    };
    if (select) select.addEventListener('change', () => { sortBy(select.value); changed(true); sayOrder(); });
    for (const header of headers) {
      const control = document.createElement('button');
      control.type = 'button';
      control.className = 'column-sort';
      control.append(...header.childNodes);
      header.append(control);
      control.addEventListener('click', () => {
        const field = header.dataset.sort;
        sortBy(order === field ? '-' + field : field);
        changed(true);
        sayOrder();
      });
    }

    // ---- The address: `?region=South&region=West&admitted=1850..1900&sort=-admitted`. ----
    const write = (push) => {
      const url = new URL(location.href);
      for (const filter of filters) {
        url.searchParams.delete(filter.param);
        if (isRange(filter)) {
          if (isActive(filter)) url.searchParams.set(filter.param, filter.from.value + '..' + filter.to.value);
        } else {
          for (const box of filter.boxes) if (box.checked) url.searchParams.append(filter.param, box.value);
        }
      }
      if (order) url.searchParams.set('sort', order); else url.searchParams.delete('sort');
      if (url.href === location.href) return;
      try {
        if (push) history.pushState(null, '', url.href); else history.replaceState(history.state, '', url.href);
      } catch { /* file:// may refuse */ }
    };
    const read = () => {
      const params = new URLSearchParams(location.search);
      for (const filter of filters) {
        if (isRange(filter)) {
          const [low = '', high = ''] = (params.get(filter.param) || '').split('..');
          filter.from.value = low;
          filter.to.value = high;
        } else {
          const wanted = new Set(params.getAll(filter.param));
          for (const box of filter.boxes) box.checked = wanted.has(box.value);
        }
      }
      sortBy(params.get('sort') || '');
    };
    const changed = (push) => { apply(); write(push); };
    panel.addEventListener('change', (event) => {
      if (event.target.matches('input[type=checkbox], .range-from, .range-to')) changed(true);
    });

    // ---- Download shown rows: what the search and filters leave, in the page's order or the
    // chosen one, as the columns the page shows, with the data's own values where the page
    // formats them (a date as 1787-12-07, not as the locale writes it). ----
    const download = panel.querySelector('.download-shown');
    if (download) {
      const columns = JSON.parse(panel.dataset.columns || '[]');
      const cell = (text) => (/[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text);
      download.addEventListener('click', () => {
        moves.finish();
        const lines = [columns.map(([, label]) => cell(label)).join(',')];
        const ordered = flat ? Array.from(flat.querySelectorAll('.row')) : rows;
        for (const row of ordered) {
          if (row.hidden) continue;
          lines.push(columns.map(([name], k) => {
            const part = k === 0 ? row.querySelector('.label') : row.querySelector('[data-field="' + CSS.escape(name) + '"]');
            return cell(part ? part.dataset.value ?? part.textContent : '');
          }).join(','));
        }
        const link = document.createElement('a');
        link.href = URL.createObjectURL(new Blob([lines.join('\r\n') + '\r\n'], { type: 'text/csv' }));
        link.download = pageName + '-shown.csv';
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(link.href), 0);
      });
    }

    if (!split) visibility.onSearch(apply);
    window.addEventListener('popstate', () => { read(); apply(); });
    read();
    if (filters.some(isActive) || (split && order)) apply();
    return split ? {
      // Whether the filters or an order own the results list, and the search must go through them.
      owns: () => filters.some(isActive) || order !== '',
      refresh: () => split.refresh(),
      connect: (search) => split.connect(search),
    } : null;
  })();

  if (!field) return;
  form.hidden = false;
  // The link past the header to the field works now the field shows.
  for (const link of document.querySelectorAll('.skip-to-search')) link.hidden = false;
  // ---- The search field drives whichever strategy the data calls for. ----
  let query = '';
  let strategy = null;
  collapsing.whileSearching(() => query !== '' || visibility.isNarrowed());
  const strategyFor = (loaded) => {
    if (loaded.sharded) return sharded(loaded);
    if (isSplit) return splitPages(loaded);
    return wholePage(loaded);
  };

  // The URL follows the query once typing pauses: `replaceState` costs a phone a frame's worth
  // of time, too much to pay on every keystroke.
  let urlTimer = 0;
  const writeURL = () => {
    clearTimeout(urlTimer);
    urlTimer = setTimeout(() => {
      const url = new URL(location.href);
      if (query) url.searchParams.set('q', query); else url.searchParams.delete('q');
      try { history.replaceState(history.state, '', url.href); } catch { /* file:// may refuse */ }
    }, 250);
  };

  // Read by the benchmark: how long a keystroke's search took until its first results showed
  // (for sharded data, with loading the shards it needed).
  let started = 0;
  const searched = () => { if (query) performance.measure('almanac-search', { start: started }); };

  const run = () => {
    const terms = fold(query).split(/\s+/).filter(Boolean);
    form.classList.toggle('has-query', query.length > 0);
    if (terms.length === 0) {
      if (browse && browse.owns()) { browse.refresh(); return; }
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
    strategy.search(terms, searched);
  };
  // On a split page the filters and Sort by list their results from the search's rows.
  if (browse) {
    browse.connect({
      terms: () => fold(query).split(/\s+/).filter(Boolean),
      matches: (terms) => new Promise((resolve) => withData(() => {
        if (!strategy) strategy = strategyFor(data);
        resolve(strategy.matches(terms));
      })),
      release: () => run(),
    });
  }

  const update = () => {
    query = field.value.trim();
    writeURL();
    started = performance.now();
    run();
  };

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

  const initial = new URLSearchParams(location.search).get('q');
  if (initial) {
    field.value = initial;
    update();
  }
  // Back and forward bring the search of that step back too.
  window.addEventListener('popstate', () => {
    const stepped = new URLSearchParams(location.search).get('q') || '';
    if (stepped === field.value.trim()) return;
    field.value = stepped;
    query = stepped;
    started = performance.now();
    run();
  });
})();
