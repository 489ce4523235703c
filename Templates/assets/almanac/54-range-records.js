const rangeRecords = (() => {
  // ---- A split page's rows in its first range filter's order (RangeIndex.swift): what lets a
  // step with a range, or with two filters of values, read the rows it needs rather than every
  // row's values. A value's records — its rows, each with every other filter's value — come in
  // chunks in key order, so a range reads only the chunks that reach it; a range's counts for
  // a filter's values come from the index's tallies of whole blocks and, at the two ends, the
  // rows of at most two blocks. What the records give is counted by the row set's own rule
  // (`rowset.narrow`): this part only chooses which rows to hand it. ----

  // A chunk's keys run from its first to the next chunk's first (to no end after the last
  // that starts with a key: null or undefined next); a chunk that starts with none holds none.
  // Whether it can hold rows inside [low, high], or out of it (keys below or above, or none).
  const upTo = (next) => (next === null || next === undefined ? Infinity : next);
  const reachesInside = (first, next, { low, high }) => first !== null
    && (high === null || first <= high) && (low === null || upTo(next) >= low);
  const reachesOutside = (first, next, { low, high }) => first === null
    || (low !== null && first < low) || (high !== null && upTo(next) > high);

  /** The chunks of a value whose first keys are `firsts` that `side` ('inside', 'outside',
   * 'all') of `range` needs. */
  const chunksFor = (firsts, side, range) => firsts.map((_, c) => c).filter((c) => side === 'all'
    || (side === 'inside' ? reachesInside : reachesOutside)(firsts[c], firsts[c + 1], range));

  const { inRange } = rowset;

  // Whether a range cuts a chunk, so that its rows' keys must be read to tell them apart: a
  // chunk wholly inside or out of it, or holding no keys, is told by its first key alone.
  const cuts = (first, next, range) => {
    if (!range || first === null) return false;
    const { low, high } = range;
    const inside = (low === null || first >= low) && (high === null || upTo(next) <= high);
    const outside = (low !== null && upTo(next) < low) || (high !== null && first > high);
    return !inside && !outside;
  };

  /**
   * Sparse columns in the row set's shape for the rows of `parts`: each part
   * `{ filter, value, first, chunk, keys }`, a chunk `[row differences, column of each
   * filter]` with its own filter's column and the range's empty, and `keys` the range's keys
   * of its rows when they were read (else every row stands at the chunk's `first` key, which
   * is on the same side of the range as all of them). A row's own filter is known to hold the
   * chunk's value; its full values come from another filter's chunk when it is in one (a
   * part of no filter, -1, holds every filter's column: a search's rows with their values). Gives
   * `{ columns, rows }`, the rows ascending and once each. `widths`: each filter's number of
   * values, null for a range.
   */
  const columnsOf = (parts, widths, total, rangeFilter = null) => {
    const columns = widths.map((width) => (width === null ? { keys: new Float64Array(total).fill(NaN) }
      : { values: new Int32Array(total).fill(-1), several: new Map(), count: width }));
    const seen = new Uint8Array(total);
    const rows = [];
    const decoded = parts.map((part) => ({ ...part, rows: rowset.fromDifferences(part.chunk[0]) }));
    for (const { filter, value, rows: own } of decoded) {
      const column = columns[filter];
      if (!column) { for (const row of own) if (!seen[row]) { seen[row] = 1; rows.push(row); } continue; }
      for (const row of own) {
        if (!seen[row]) { seen[row] = 1; rows.push(row); }
        const held = column.values[row] >= 0 ? [column.values[row]] : column.several.get(row) || [];
        if (held.length === 0) column.values[row] = value;
        else if (!held.includes(value)) { column.values[row] = -1; column.several.set(row, [...held, value]); }
      }
    }
    for (const { filter, chunk, rows: own, keys, first } of decoded) {
      columns.forEach((column, g) => {
        if (g === filter) return;
        if (g === rangeFilter && !keys) {
          for (const row of own) column.keys[row] = first === null || first === undefined ? NaN : first;
          return;
        }
        const written = g === rangeFilter ? keys : chunk[g + 1];
        own.forEach((row, k) => {
          const value = written[k];
          if (column.keys) column.keys[row] = value === null ? NaN : value;
          else if (typeof value === 'number') { column.values[row] = value; column.several.delete(row); }
          else if (value === null) { column.values[row] = -1; column.several.delete(row); }
          else { column.values[row] = -1; column.several.set(row, value); }
        });
      });
    }
    return { columns, rows: Int32Array.from(rows).sort() };
  };

  /**
   * A filter's counts within `range` with no other filter applied: the tallies of the blocks
   * wholly inside, and the rows of the blocks it cuts (`block(b)` gives `[keys, columns…]`).
   * `index`: `[first keys, last keys, tallies]`, a filter's tallies `values` wide per block.
   */
  const countsWithin = async (index, filter, width, range, block) => {
    const [firsts, lasts, tallies] = index;
    const counts = new Int32Array(width);
    const cut = [];
    firsts.forEach((first, b) => {
      if ((range.high !== null && first > range.high) || (range.low !== null && lasts[b] < range.low)) return;
      if ((range.low === null || first >= range.low) && (range.high === null || lasts[b] <= range.high)) {
        for (let v = 0; v < width; v += 1) counts[v] += tallies[filter][b * width + v];
      } else cut.push(b);
    });
    for (const [keys, ...columns] of await Promise.all(cut.map(block))) {
      keys.forEach((key, k) => {
        if (!inRange(key, range)) return;
        const value = columns[filter][k];
        if (typeof value === 'number') counts[value] += 1;
        else for (const v of value || []) counts[v] += 1;
      });
    }
    return counts;
  };

  /**
   * Which records a step reads, or null when they cannot tell or every row's values cost less
   * (then those are read): `choices` as the row set takes them, `widths` as for `columnsOf`,
   * the manifest's `counts` of each value filter, `firsts` (its `records`), `recordRows` and
   * `rangeFilter`; whether a search found rows (`found`), whether the pair tables give every
   * value filter's counts with the range cleared (`pairsKnown`), and how many rows' values
   * the columns would be read for instead (`columnRows`).
   *
   * Every row a count or the result needs fails at most one filter, so it is among the rows of
   * either of two filters applied: the two with the fewest rows chosen are read (one, if only
   * one is applied beside a range: its own counts then come from the index, `own`). With a
   * range, only the chunks that reach it are read — or, when fewer, those out of it, whose
   * rows are taken from what the pair tables and the value lists give (`side: 'outside'`). A
   * range alone, or beside one filter and a search, reads every value of one filter within
   * it: every row in the range, with its values.
   */
  const plan = ({ choices, widths, counts, firsts, recordRows = 1, rangeFilter, found, pairsKnown, columnRows = Infinity }) => {
    const applied = choices.map((choice, f) => (choice ? f : -1)).filter((f) => f >= 0);
    if (applied.some((f) => widths[f] === null && f !== rangeFilter)) return null;
    const range = rangeFilter === null ? null : choices[rangeFilter];
    const valued = applied.filter((f) => widths[f] !== null);
    const rowsOf = (f, all) => counts[f].reduce((sum, n, v) => sum + (all || choices[f][v] ? n : 0), 0);
    const partsOf = (filter, values, side) => values.flatMap((value) => chunksFor(firsts[filter][value], side, range || {})
      .map((chunk) => ({ filter, value, chunk, first: firsts[filter][value][chunk], next: firsts[filter][value][chunk + 1] })));
    const chosen = (filter) => Array.from(choices[filter], (on, value) => (on ? value : -1)).filter((value) => value >= 0);
    if (valued.length === 0 || (valued.length === 1 && (found || !range))) {
      if (!range) return null;
      const every = widths.map((width, f) => f).filter((f) => widths[f] !== null).sort((a, b) => rowsOf(a, true) - rowsOf(b, true) || a - b);
      if (every.length === 0) return null;
      const parts = partsOf(every[0], counts[every[0]].map((_, value) => value), 'inside');
      return parts.length * recordRows < columnRows ? { side: 'inside', parts, own: null } : null;
    }
    const drivers = valued.sort((a, b) => rowsOf(a) - rowsOf(b) || a - b).slice(0, valued.length === 1 ? 1 : 2);
    const partsOn = (side) => drivers.flatMap((filter) => partsOf(filter, chosen(filter), side));
    if (!range) return { side: 'all', parts: partsOn('all'), own: null };
    const inside = partsOn('inside');
    if (drivers.length === 2 && !found && pairsKnown) {
      const outside = partsOn('outside');
      if (outside.length < inside.length) return { side: 'outside', parts: outside, own: null };
    }
    return { side: 'inside', parts: inside, own: drivers.length === 1 ? drivers[0] : null };
  };

  /**
   * The rows and counts `plan` gives: `read(stem)` resolves to a file, `listed()` to the rows
   * the value lists leave (ascending), `pairs` each value filter's counts with the range
   * cleared (for `side: 'outside'`); `choices`, `widths`, `rangeFilter`, `total` rows and the
   * rows a search `found` (ascending, or null) as for `plan`.
   */
  const narrowBy = async (plan, { choices, widths, rangeFilter, total, found, read, listed, pairs }) => {
    const range = rangeFilter === null ? null : choices[rangeFilter];
    const parts = await Promise.all(plan.parts.map(async (part) => {
      const stem = part.filter + '-' + part.value + '-' + part.chunk;
      const [chunk, keys] = await Promise.all([read('w' + stem), cuts(part.first, part.next, range) ? read('x' + stem) : null]);
      return { ...part, chunk, keys };
    }));
    const { columns, rows } = columnsOf(parts, widths, total, rangeFilter);
    if (plan.side === 'outside') {
      const keys = columns[rangeFilter].keys;
      const out = rowset.narrow(columns, choices.map((choice, f) => (f === rangeFilter ? null : choice)), total,
        rows.filter((row) => !inRange(keys[row], range)));
      return { rows: rowset.difference(await listed(), out.rows), counts: pairs.map((counts, f) => counts && counts.map((n, v) => n - out.counts[f][v])) };
    }
    const result = rowset.narrow(columns, choices, total, found ? rowset.intersection(rows, found) : rows);
    if (plan.own !== null) result.counts[plan.own] = await countsWithin(await read('h'), plan.own, widths[plan.own], range, (b) => read('s-' + b));
    return result;
  };

  return { plan, narrowBy, chunksFor, cuts, columnsOf, countsWithin };
})();
