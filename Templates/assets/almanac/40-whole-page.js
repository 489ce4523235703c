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
