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
