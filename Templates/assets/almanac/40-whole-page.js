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
  // The rows' words, indexed the first time the reader searches.
  let index = null;
  return {
    search: (query, done) => {
      if (!index) index = matching.indexOf(folded);
      const found = matching.find(index, query);
      const matches = new Uint8Array(rows.length);
      for (const i of found.rows) matches[i] = 1;
      rows.forEach((row, i) => {
        if (matches[i] === 1) {
          wanted.set(row, found.marks);
          if (onScreen.has(row)) apply(row);
        } else if (wanted.has(row)) {
          wanted.delete(row);
          if (applied.has(row)) { unhighlight(row); applied.delete(row); }
        }
      });
      offer(found.rows.length === 0 ? found.suggestion : null, query.typed);
      visibility.setSearch(matches);
      done();
    },
    clear: () => {
      for (const row of applied.keys()) unhighlight(row);
      applied.clear();
      wanted.clear();
      offer(null);
      visibility.setSearch(null);
    },
  };
};
