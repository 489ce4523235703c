const address = (() => {
  // ---- The address holds what a reader chose, so a choice can be linked, survives a reload
  // and is a step back and forward retrace: `?region=South&region=West&admitted=1850..1900
  // &sort=-admitted&q=ohio`. The state is `{ choices, order, query }`: for each filter (`{
  // param, kind }`, in the panel's order) the values chosen, in the panel's order, or a
  // range's `{ from, to }` as its fields hold them (either may be ''); the order (`-field`
  // for descending, '' for the page's own); the search. ----
  const isRange = (filter) => filter.kind === 'range';

  /** The state in `search` (`location.search`), for `filters`. */
  const read = (search, filters) => {
    const params = new URLSearchParams(search);
    return {
      choices: filters.map((filter) => {
        if (!isRange(filter)) return params.getAll(filter.param);
        const [from = '', to = ''] = (params.get(filter.param) || '').split('..');
        return { from, to };
      }),
      order: params.get('sort') || '',
      query: params.get('q') || '',
    };
  };

  /**
   * `href` with `state` in place of what it said of `filters`, the order and the search; the
   * rest of the address (other parameters, the fragment) as it was.
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
    return url.href;
  };

  return { read, write };
})();
