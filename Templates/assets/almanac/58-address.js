const address = (() => {
  // ---- The address holds what a reader chose, so a choice can be linked, survives a reload
  // and is a step back and forward retrace: `?region=South&region=West&admitted=1850..1900
  // &sort=-admitted&q=ohio#row-texas`. The state is `{ choices, order, query, target }`: for
  // each filter (`{ param, kind }`, in the panel's order) the values chosen, in the panel's
  // order, or a range's `{ from, to }` as its fields hold them (either may be ''); the order
  // (`-field` for descending, '' for the page's own); the search; the id of the row or
  // section the reader went to (the fragment, '' for none). ----
  const isRange = (filter) => filter.kind === 'range';

  const idOf = (hash) => {
    try { return decodeURIComponent(hash.slice(1)); } catch { return hash.slice(1); }
  };

  /** The state in `search` and `hash` (`location.search`, `location.hash`), for `filters`. */
  const read = (search, filters, hash = '') => {
    const params = new URLSearchParams(search);
    return {
      choices: filters.map((filter) => {
        if (!isRange(filter)) return params.getAll(filter.param);
        const [from = '', to = ''] = (params.get(filter.param) || '').split('..');
        return { from, to };
      }),
      order: params.get('sort') || '',
      query: params.get('q') || '',
      target: idOf(hash),
    };
  };

  /**
   * `href` with `state` in place of what it said of `filters`, the order, the search and,
   * when `state` has one, the target; the rest of the address (other parameters) as it was.
   */
  const write = (href, filters, state) => {
    const url = new URL(href);
    filters.forEach((filter, f) => {
      url.searchParams.delete(filter.param);
      const choice = state.choices[f];
      if (!isRange(filter)) for (const value of choice) url.searchParams.append(filter.param, value);
      else if (choice.from !== '' || choice.to !== '') url.searchParams.set(filter.param, choice.from + '..' + choice.to);
    });
    if (state.order) url.searchParams.set('sort', state.order); else url.searchParams.delete('sort');
    if (state.query) url.searchParams.set('q', state.query); else url.searchParams.delete('q');
    if (state.target !== undefined) url.hash = state.target ? encodeURIComponent(state.target) : '';
    return url.href;
  };

  return { read, write };
})();
