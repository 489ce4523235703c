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
    // A place a link leads to inside a folded section (or the folded section itself): the
    // section opens, not remembered as opened, and the place comes into view. Says whether
    // it was folded.
    reveal: (place) => {
      const section = place && place.closest('.section');
      const toggle = section && section.querySelector('.section-toggle');
      if (!toggle || toggle.getAttribute('aria-expanded') === 'true') return false;
      setOpen(toggle, true);
      place.scrollIntoView({ block: 'start' });
      return true;
    },
  };
})();
