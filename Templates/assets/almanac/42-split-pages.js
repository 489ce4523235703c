// ---- Strategy: a table split into section pages; results are listed from the data, best
// first (38-matching.js). ----
const splitPages = (table) => {
  // The rows' words, indexed the first time the reader searches.
  let index = null;
  const find = (query) => {
    if (!index) index = matching.indexOf(table.rows);
    return matching.find(index, query);
  };
  return {
    search: (query, done) => {
      const found = find(query);
      const matches = found.rows;
      resultsView.show(Math.min(matches.length, MAX_RESULTS), (k) => [
        table.hrefs[matches[k]], table.labels[matches[k]], table.sections[table.section[matches[k]]].title], found.marks,
      matches.length > MAX_RESULTS ? narrowHint(MAX_RESULTS, phrases.counted('results', matches.length)) : '');
      const matched = new Set(matches.map((i) => table.section[i]));
      table.sections.forEach(({ id }, k) => sectionIndex.setEnabled(id, matched.has(k)));
      offer(matches.length === 0 ? found.suggestion : null, query.typed);
      announce(matches.length);
      done();
    },
    clear: () => { offer(null); resultsView.clear(); },
    // Every row the query finds, ascending, for the filters to narrow.
    matches: (query) => Promise.resolve(find(query).rows.slice().sort((a, b) => a - b)),
  };
};
