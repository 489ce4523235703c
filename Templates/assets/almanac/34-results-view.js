// ---- The results list of a split table: rows found in the data, across every section's
// page, in place of this page's own parts. ----
const resultsView = (() => {
  const list = main.querySelector('.search-results');
  const more = main.querySelector('.search-more');
  const moreButton = main.querySelector('.results-more');
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
  // A screenful of results is made at once and the rest a frame at a time, so a keystroke
  // that finds a hundred rows on a phone is answered within its frame. Typing on mostly
  // finds the same rows again: their elements are kept (by address) and highlighted anew,
  // and a list whose rows did not change is not rebuilt.
  let showing = 0;
  let kept = new Map();
  // The rows made so far of a list still being filled a frame at a time.
  let filling = null;
  const element = ([href, labelText, sectionTitle], terms, made) => {
    const old = kept.get(href);
    if (old) { highlight(old, terms); made.set(href, old); return old; }
    const fresh = item(href, labelText, sectionTitle, terms);
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
  // A long list is listed a screenful at a time, as a table view makes its cells: more rows
  // are read when the reader presses the button after the last, or scrolls near it. Pressed
  // from the keyboard, the focus moves on to the first row the reader has not passed: rows
  // listed while the button had the focus come first.
  let extendBy = null;
  let listedBefore = 0;
  let extending = null;
  let focusedAt = 0;
  let nearEnd = null;
  // An observer tells only of changes: asked again, it says whether the button is near now.
  const watchEnd = () => {
    if (nearEnd && extendBy) { nearEnd.unobserve(moreButton); nearEnd.observe(moreButton); }
  };
  const offerMore = (extend, count) => {
    extendBy = extend;
    listedBefore = count;
    if (moreButton) moreButton.hidden = !extend;
    watchEnd();
  };
  const listMore = () => {
    if (!extending && extendBy) extending = extendBy().finally(() => { extending = null; watchEnd(); });
    return extending || Promise.resolve();
  };
  const pressed = async (fromKeyboard) => {
    if (!fromKeyboard) { listMore(); return; }
    if (listedBefore <= focusedAt) await listMore();
    const next = list.children[focusedAt];
    if (next && !next.hidden) next.querySelector('a').focus();
  };
  if (moreButton) {
    moreButton.addEventListener('focus', () => { focusedAt = listedBefore; });
    moreButton.addEventListener('click', (event) => pressed(event.detail === 0 && document.activeElement === moreButton));
    if ('IntersectionObserver' in window) {
      nearEnd = new IntersectionObserver((entries) => {
        if (entries.some((entry) => entry.isIntersecting)) listMore();
      }, { rootMargin: '0px 0px 200px 0px' });
      nearEnd.observe(moreButton);
    }
  }
  return {
    // `describe(k)`: the k-th result's [href, label, section title]; `extend`, when more
    // results can follow, lists more of them (the "Show more results" button, pressed or
    // scrolled near).
    show: (count, describe, terms, note, extend = null) => {
      const mine = ++showing;
      // Listing more of the same list, the rows already there and a screenful after them are
      // placed at once: the focus may move on to the first added.
      const atOnce = Math.min(count, extending ? listedBefore + SCREENFUL : SCREENFUL);
      offerMore(extend, count);
      const made = new Map();
      for (let k = 0; k < atOnce; k += 1) place(element(describe(k), terms, made), k);
      let next = atOnce;
      hideFrom(next);
      list.hidden = false;
      for (const part of pageParts) part.hidden = true;
      more.hidden = !note;
      more.textContent = note || '';
      const finish = () => { kept = made; filling = null; removeFrom(count); };
      const rest = () => {
        if (mine !== showing) return;
        const end = Math.min(count, next + SCREENFUL * 2);
        for (; next < end; next += 1) place(element(describe(next), terms, made), next);
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
      offerMore(null, 0);
      if (filling) { kept = filling; filling = null; }
    },
    showNothing: (note) => {
      showing += 1;
      offerMore(null, 0);
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
      offerMore(null, 0);
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
