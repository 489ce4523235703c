const rowset = (() => {
  // ---- The row set: which rows the filters and the search leave, how many rows each value of
  // a filter would have, and rows in an order. One rule for every page, whether its rows are on
  // it (a whole page, a test report) or in files (a split page): the build numbers each row,
  // each filter value and each row's rank in each order (FilterPanel.swift, BrowseData.swift),
  // so all of it compares numbers in typed arrays.
  //
  // A filter's column holds every row's value: `{ values, several, count }` for a filter of
  // values (`values[row]`: the value's number, or -1 where the row has several, listed in
  // `several`; `count`: how many values the filter has), `{ keys }` for a range (a number,
  // dates as 19990412, NaN where the row has none). A choice is a filter's selection: for
  // values, a Uint8Array with 1 for each value chosen; for a range, `{ low, high }` (either may
  // be null); null when nothing is chosen. ----
  const inRange = (key, { low, high }) => key === key && (low === null || key >= low) && (high === null || key <= high);
  const passesValues = (column, flags, row) => {
    const value = column.values[row];
    return value >= 0 ? flags[value] === 1 : (column.several.get(row) || []).some((v) => flags[v] === 1);
  };
  const passes = (column, choice, row) => (column.keys ? inRange(column.keys[row], choice) : passesValues(column, choice, row));

  // The rows to look at: `found` (ascending row numbers) or every one of `total`.
  const each = (found, total, visit) => {
    if (found) for (let k = 0; k < found.length; k += 1) visit(found[k]);
    else for (let row = 0; row < total; row += 1) visit(row);
  };

  /**
   * What `choices` leave of `found` (null: every row of `total`): `rows`, ascending, those
   * that pass every filter; `counts`, for each filter of values, each value's rows among those
   * that pass every other filter (a filter's counts are as if its own choice were cleared);
   * null for a range. Several values of one filter are OR, filters are AND.
   */
  const narrow = (columns, choices, total, found = null) => {
    const failures = new Uint8Array(total);
    const failedBy = new Uint16Array(total);
    columns.forEach((column, f) => {
      if (!choices[f]) return;
      each(found, total, (row) => {
        if (!passes(column, choices[f], row)) { failures[row] = Math.min(failures[row] + 1, 2); failedBy[row] = f; }
      });
    });
    const counts = columns.map((column, f) => {
      if (column.keys) return null;
      const tally = new Int32Array(column.count);
      each(found, total, (row) => {
        if (failures[row] > 1 || (failures[row] === 1 && failedBy[row] !== f)) return;
        const value = column.values[row];
        if (value >= 0) tally[value] += 1;
        else for (const v of column.several.get(row) || []) tally[v] += 1;
      });
      return tally;
    });
    const passing = [];
    each(found, total, (row) => { if (failures[row] === 0) passing.push(row); });
    return { rows: Int32Array.from(passing), counts };
  };

  /**
   * `rows` (null: every row of `ranks`) in the order of `ranks` (each row's rank, -1 for
   * none): ties keep the page's order, and rows without a rank come last either way. Each
   * row's rank and number are packed into one number, so the browser's own numeric sort
   * orders them without calling back into script; exact while rows × ranks stay under 2^53.
   */
  const order = (ranks, rows, descending) => {
    const count = rows ? rows.length : ranks.length;
    const rowAt = rows ? (k) => rows[k] : (k) => k;
    let top = 0;
    for (let k = 0; k < count; k += 1) if (ranks[rowAt(k)] > top) top = ranks[rowAt(k)];
    const span = 2 ** Math.ceil(Math.log2(ranks.length + 1));
    const keys = new Float64Array(count);
    for (let k = 0; k < count; k += 1) {
      const row = rowAt(k);
      const rank = ranks[row];
      keys[k] = (rank < 0 ? top + 1 : descending ? top - rank : rank) * span + row;
    }
    keys.sort();
    return Int32Array.from(keys, (key) => key % span);
  };

  // Rows in either of two ascending lists, and in both.
  const union = (a, b) => {
    const out = new Int32Array(a.length + b.length);
    let i = 0; let j = 0; let n = 0;
    while (i < a.length || j < b.length) {
      if (j >= b.length || (i < a.length && a[i] < b[j])) out[n++] = a[i++];
      else if (i >= a.length || b[j] < a[i]) out[n++] = b[j++];
      else { out[n++] = a[i++]; j += 1; }
    }
    return out.subarray(0, n);
  };
  const intersection = (a, b) => {
    const out = new Int32Array(Math.min(a.length, b.length));
    let i = 0; let j = 0; let n = 0;
    while (i < a.length && j < b.length) {
      if (a[i] < b[j]) i += 1; else if (b[j] < a[i]) j += 1; else { out[n++] = a[i]; i += 1; j += 1; }
    }
    return out.subarray(0, n);
  };

  // Ascending rows from a file that writes them as the first and each one's difference from
  // the one before (BrowseData.differences).
  const fromDifferences = (differences) => {
    const rows = new Int32Array(differences.length);
    let row = 0;
    differences.forEach((difference, k) => { row += difference; rows[k] = row; });
    return rows;
  };

  // Rows of the first ascending list not in the second.
  const difference = (a, b) => {
    const out = new Int32Array(a.length);
    let j = 0; let n = 0;
    for (let i = 0; i < a.length; i += 1) {
      while (j < b.length && b[j] < a[i]) j += 1;
      if (j >= b.length || b[j] !== a[i]) out[n++] = a[i];
    }
    return out.subarray(0, n);
  };

  return { inRange, narrow, order, union, intersection, difference, fromDifferences };
})();
