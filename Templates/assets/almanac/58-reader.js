const readerState = (() => {
  // ---- What the reader has chosen, in one object the views render from: `{ choices, order,
  // query, target }` as `address` reads it. A view never changes another view: it asks the state to
  // change (`set`), and every view is told, each drawing what it shows from the new state.
  // The address is one of them: it follows each change, and back and forward bring a step's
  // state back, which the views then draw as if the reader had chosen it. ----
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

  /**
   * A state beginning as `initial`. `set(change, how)` merges `change` in and tells each view
   * `(state, previous, how)` unless nothing changed; `how` says why: 'typed' (the search, as
   * typed), 'chosen' (the panel, Sort by, a column's header), 'stepped' (back or forward),
   * 'followed' (a link to a place in the page, which the address already says).
   */
  const create = (initial) => {
    let state = initial;
    const views = [];
    return {
      get: () => state,
      set: (change, how) => {
        const next = { ...state, ...change };
        if (same(next, state)) return false;
        const previous = state;
        state = next;
        for (const view of views) view(state, previous, how);
        return true;
      },
      watch: (view) => { views.push(view); },
    };
  };

  /**
   * The address as a view of `state` for `filters` (`address`): a choice is a step of its own
   * (`pushState`), so back undoes it; typing replaces the step once it pauses, as
   * `replaceState` costs a phone a frame's worth of time, too much for every keystroke. Back
   * and forward set the state of the step they reach. `page` gives `location`, `history`,
   * the timers and `addEventListener`.
   */
  const keepInAddress = (state, filters, page) => {
    const TYPING_PAUSE_MS = 250;
    let timer = 0;
    const write = (push) => {
      const href = address.write(page.location.href, filters, state.get());
      if (href === page.location.href) return;
      try {
        if (push) page.history.pushState(null, '', href); else page.history.replaceState(page.history.state, '', href);
      } catch { /* file:// may refuse */ }
    };
    state.watch((_now, _previous, how) => {
      if (how === 'followed') return;
      page.clearTimeout(timer);
      if (how === 'stepped') return;
      if (how === 'typed') timer = page.setTimeout(() => { timer = 0; write(false); }, TYPING_PAUSE_MS);
      else write(true);
    });
    // A click may follow a link into the page, which the browser tells as a step (popstate)
    // read from the address: what was typed is written first, or the step would undo it.
    page.addEventListener('click', () => {
      if (!timer) return;
      page.clearTimeout(timer);
      timer = 0;
      write(false);
    }, true);
    const here = () => address.read(page.location.search, filters, page.location.hash);
    page.addEventListener('popstate', () => state.set(here(), 'stepped'));
    page.addEventListener('hashchange', () => state.set({ target: here().target }, 'followed'));
  };

  return { create, keepInAddress, same };
})();

// The page's own state: its filters as the panel names them, begun from the address.
const readerFilters = Array.from(main.querySelectorAll('.browse fieldset.filter'))
  .map((set) => ({ param: set.dataset.filter, kind: set.dataset.kind }));
const reader = readerState.create(address.read(location.search, readerFilters, location.hash));
readerState.keepInAddress(reader, readerFilters, window);
