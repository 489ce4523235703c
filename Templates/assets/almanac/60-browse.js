// ---- The filter panel and Sort by, on a whole page: each row's values for each filter and
// its rank in each order come from the build (`data-f`, `data-s`; FilterPanel.swift), so
// counting and ordering compare numbers only. Several values of one filter are OR, filters
// are AND, and a filter's counts are those its values would have with its own choice
// cleared. The choices and the order are the reader's state (`reader`), which the address
// follows: a click is a step back and forward retrace. ----
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
  // Each filter's column of the page's rows (`rowset`), from each row's value numbers.
  const columns = filters.map((filter) => (isRange(filter) ? { keys: new Float64Array(rows.length).fill(NaN) }
    : { values: new Int32Array(rows.length).fill(-1), several: new Map(), count: filter.boxes.length }));
  rows.forEach((row, i) => (row.dataset.f || '').split(' ').forEach((part, f) => {
    const column = columns[f];
    if (!column) return;
    if (column.keys) { if (part !== '-' && part !== '') column.keys[i] = Number(part); return; }
    const values = part.split(',').filter(Boolean).map(Number);
    if (values.length === 1) column.values[i] = values[0]; else column.several.set(i, values);
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
  // A filter's selection as the row set takes it, or null when nothing is chosen.
  const choiceOf = (filter) => {
    if (!isActive(filter)) return null;
    if (isRange(filter)) return { low: keyOf(filter.from), high: keyOf(filter.to) };
    const flags = new Uint8Array(filter.boxes.length);
    for (const box of filter.boxes) if (box.checked) flags[Number(box.dataset.v)] = 1;
    return flags;
  };

  // A split page lists what the filters and order leave as results (`splitBrowse`).
  const split = !isSplit ? null : splitBrowse({
    panel, filters, isRange, keyOf, chosen, choiceOf, isActive,
    index: () => index,
    showCounts: (counts) => showCounts(counts),
    isClosed: () => Boolean(details && !details.open),
    order: () => order,
    sortFields: () => sortFields,
  });

  const showCounts = (counts) => filters.forEach((filter, f) => filter.boxes.forEach((box, v) => {
    if (!counts[f]) return;
    const count = box.parentElement.querySelector('.filter-count');
    const text = phrases.number(counts[f][v]);
    if (count.textContent !== text) count.textContent = text;
    box.closest('li').classList.toggle('is-empty', counts[f][v] === 0 && !box.checked);
  }));

  // Counts: a row counts towards a filter's values when it is found and passes every other
  // filter; it shows when it passes them all (`rowset.narrow`).
  const apply = () => {
    if (split) { split.refresh(); describe(); return; }
    const { rows: passing, counts } = rowset.narrow(columns, filters.map(choiceOf), rows.length, visibility.found());
    showCounts(counts);
    describe();
    if (!filters.some(isActive)) { visibility.setFilters(null); return; }
    const shown = new Uint8Array(rows.length);
    for (const row of passing) shown[row] = 1;
    visibility.setFilters(shown);
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
      changed();
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
  // Each order's column of ranks (-1: the row has no value in it).
  const ranks = sortFields.map(() => new Int32Array(rows.length).fill(-1));
  rows.forEach((row, i) => (row.dataset.s || '').split(' ').forEach((part, k) => {
    if (ranks[k] && part !== '-' && part !== '') ranks[k][i] = Number(part);
  }));
  const table = main.querySelector('table.rows-table');
  const index = document.querySelector('nav.section-index');
  const headers = table ? Array.from(table.querySelectorAll('thead th[data-sort]')) : [];
  const sorted = sortedList(rows, table);
  let order = '';
  const sortBy = (value) => {
    sorted.finish();
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
      sorted.back();
      main.classList.remove('is-sorted');
      if (index) index.hidden = false;
      return;
    }
    main.classList.add('is-sorted');
    if (index) index.hidden = true;
    sorted.show(rowset.order(ranks[place], null, value[0] === '-'));
  };
  // A new order is said as the rows move (a screen reader hears nothing else change).
  const sayOrder = () => {
    if (status && select) status.textContent = order ? phrases.text('sorted_by', { order: select.selectedOptions[0].textContent }) : phrases.text('in_page_order');
  };
  if (select) select.addEventListener('change', () => { if (reader.set({ order: select.value }, 'chosen')) sayOrder(); });
  for (const header of headers) {
    const control = document.createElement('button');
    control.type = 'button';
    control.className = 'column-sort';
    control.append(...header.childNodes);
    header.append(control);
    control.addEventListener('click', () => {
      const field = header.dataset.sort;
      if (reader.set({ order: order === field ? '-' + field : field }, 'chosen')) sayOrder();
    });
  }

  // ---- The panel and the order are views of the reader's state (`reader`): a click asks
  // the state to change, and the panel, Sort by and the rows are drawn from what it then
  // says, whether a click, or back and forward, changed it. ----
  const choices = () => filters.map((filter) => (isRange(filter) ? { from: filter.from.value, to: filter.to.value }
    : filter.boxes.filter((box) => box.checked).map((box) => box.value)));
  const draw = (state) => {
    filters.forEach((filter, f) => {
      const choice = state.choices[f];
      if (isRange(filter)) {
        filter.from.value = choice.from;
        filter.to.value = choice.to;
      } else {
        for (const box of filter.boxes) box.checked = choice.includes(box.value);
      }
    });
    if (state.order !== order) sortBy(state.order);
  };
  const changed = () => reader.set({ choices: choices() }, 'chosen');
  reader.watch((state, previous) => {
    if (readerState.same(state.choices, previous.choices) && state.order === previous.order) return;
    draw(state);
    apply();
  });
  panel.addEventListener('change', (event) => {
    if (event.target.matches('input[type=checkbox], .range-from, .range-to')) changed();
  });

  // ---- Download shown rows: what the search and filters leave, in the page's order or the
  // chosen one, as the columns the page shows, with the data's own values where the page
  // formats them (a date as 1787-12-07, not as the locale writes it). ----
  const download = panel.querySelector('.download-shown');
  if (download) {
    const columns = JSON.parse(panel.dataset.columns || '[]');
    const cell = (text) => (/[",\r\n]/.test(text) ? '"' + text.replace(/"/g, '""') + '"' : text);
    download.addEventListener('click', () => {
      sorted.finish();
      const lines = [columns.map(([, label]) => cell(label)).join(',')];
      const ordered = sorted.list() ? Array.from(sorted.list().querySelectorAll('.row')) : rows;
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
  // The panel opened while a search shows: its counts are that search's.
  if (split && details) details.addEventListener('toggle', () => { if (details.open && !filters.some(isActive) && order === '') split.follow(); });
  draw(reader.get());
  if (filters.some(isActive) || (split && order)) apply();
  return split ? {
    // Whether the filters or an order own the results list, and the search must go through them.
    owns: () => filters.some(isActive) || order !== '',
    refresh: () => split.refresh(),
    // A search the filters do not own has changed: the counts follow it.
    follow: () => split.follow(),
    connect: (search) => split.connect(search),
  } : null;
})();
