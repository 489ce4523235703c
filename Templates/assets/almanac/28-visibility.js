// ---- Which rows of a whole page show: those the search (when there is one) and every
// filter let through. Search and the filter panel each set their half; sections, their
// counts, the index and the announcement follow. ----
const visibility = (() => {
  const rows = Array.from(main.querySelectorAll('.row[data-i]'));
  const sections = Array.from(main.querySelectorAll('.section'));
  const rowSections = rows.map((row) => row.closest('.section'));
  const totals = new Map(sections.map((section) => [section, section.querySelectorAll('.row').length]));
  let searched = null;
  let filtered = null;
  // Told when the search changes, so the filters' counts follow it.
  let onSearch = null;
  const refresh = () => {
    const narrowed = searched !== null || filtered !== null;
    const visibleIn = new Map();
    let count = 0;
    rows.forEach((row, i) => {
      const show = (searched === null || searched[i] === 1) && (filtered === null || filtered[i] === 1);
      if (row.hidden === show) row.hidden = !show;
      if (show) {
        count += 1;
        visibleIn.set(rowSections[i], (visibleIn.get(rowSections[i]) || 0) + 1);
      }
    });
    for (const section of sections) {
      const visible = !narrowed || visibleIn.has(section);
      if (section.hidden === visible) section.hidden = !visible;
      markFirstShownOf(section.querySelector('.section-body'));
      sectionIndex.setEnabled(section.id, visible);
      showCount(section, visible ? visibleIn.get(section) || totals.get(section) : 0, totals.get(section));
      // A search or filter opens any collapsed section that has rows to show.
      if (narrowed && visible) collapsing.open(section);
    }
    markFirstShownOf(main.querySelector('.sorted-list'));
    if (narrowed) announce(count);
    else {
      noResults.hidden = true;
      if (status && !status.classList.contains('search-error')) status.textContent = '';
      collapsing.restore();
    }
  };
  return {
    rows,
    sections,
    // `matches`: 1 for each row the search finds, or null for no search.
    setSearch: (matches) => { searched = matches; if (onSearch) onSearch(); else refresh(); },
    setFilters: (passing) => { filtered = passing; refresh(); },
    // The rows the search finds, ascending, or null for no search.
    found: () => {
      if (searched === null) return null;
      const rows = [];
      searched.forEach((match, i) => { if (match === 1) rows.push(i); });
      return Int32Array.from(rows);
    },
    isNarrowed: () => searched !== null || filtered !== null,
    onSearch: (callback) => { onSearch = callback; },
  };
})();

collapsing.whileSearching(() => visibility.isNarrowed());
