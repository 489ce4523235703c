// ---- Matching: which rows a query finds, and in which order. One rule at every size, the one
// sharded search can answer from its files: a typed word finds a row's word that it is or
// that it begins (`berl` finds Berlin, `erlin` does not). A word of a script written without
// spaces is found anywhere in the row, as the build files it under every place a word begins.
//
// The order, best first (a bucket each, never a blended score):
//   1. fewer edits: rows that hold every word as written come before rows found only through
//      near words, one edit before two;
//   2. whole words before word starts: `york` puts York before Yorkshire;
//   3. the page's own order.
// Near words are tried only when the words as written find no row (a reader who typed a word
// that is in the data meant it), and "did you mean" is offered only when near words find no
// row either. ----
const matching = (() => {
  const NONE = 255;
  const EXACT = 0;
  const START = 1;
  // NEAR + edits: a row's word is that many edits from the typed word. Near terms are Maps,
  // term → edits.
  const NEAR = 1;
  const separator = contract.separator;

  // Where `word` is or would go in `terms`, sorted.
  const firstAtLeast = (terms, word) => {
    let low = 0;
    let high = terms.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (terms[middle] < word) low = middle + 1; else high = middle;
    }
    return low;
  };
  // Every term that begins with `start`, in order.
  function* termsFrom(terms, start) {
    for (let k = firstAtLeast(terms, start); k < terms.length && terms[k].startsWith(start); k += 1) yield terms[k];
  }

  // A row's words, field by field: a phrase never runs from one field into the next.
  const fieldsOf = (text) => text.split(separator).map((field) => wordsOf([field]));
  const holdsPhrase = (fields, { words, open }) => fields.some((field) => {
    for (let at = 0; at + words.length <= field.length; at += 1) {
      const holds = words.every((word, k) => (open && k === words.length - 1 ? field[at + k].startsWith(word) : field[at + k] === word));
      if (holds) return true;
    }
    return false;
  });

  /** The words of `texts` (folded rows, fields apart), each with the rows it is in. */
  const indexOf = (texts) => {
    const rowsOf = new Map();
    texts.forEach((text, row) => {
      for (const field of fieldsOf(text || '')) {
        for (const word of field) {
          const rows = rowsOf.get(word);
          if (!rows) rowsOf.set(word, [row]); else if (rows[rows.length - 1] !== row) rows.push(row);
        }
      }
    });
    return { texts, rowsOf, terms: Array.from(rowsOf.keys()).sort() };
  };

  // How each row holds one typed word: EXACT, START, NEAR + edits, or NONE.
  const kindsOf = (index, word, near) => {
    const kinds = new Uint8Array(index.texts.length).fill(NONE);
    const mark = (rows, kind) => { for (const row of rows) if (kind < kinds[row]) kinds[row] = kind; };
    if (spaceless.test(word)) {
      index.texts.forEach((text, row) => { if (text && text.includes(word)) kinds[row] = EXACT; });
      return kinds;
    }
    for (const term of termsFrom(index.terms, word)) mark(index.rowsOf.get(term), term === word ? EXACT : START);
    for (const [term, edits] of near || []) mark(index.rowsOf.get(term), NEAR + edits);
    return kinds;
  };

  // A row's place in the order above, from how it holds each word; -1 when it misses one.
  const scoreOf = (kinds, row) => {
    let edits = 0;
    let startOnly = 0;
    for (const each of kinds) {
      const kind = each[row];
      if (kind === NONE) return -1;
      if (kind >= NEAR + 1) edits += kind - NEAR; else if (kind === START) startOnly = 1;
    }
    return edits * 2 + startOnly;
  };

  // How one row's words (field by field, as `fieldsOf` gives them) hold `query`, each word
  // with its near terms when `nearOf` gives them: its score, or -1 when it misses a word or a
  // phrase. The same rule as `rowsFor`, for rows read one at a time (sharded search).
  const scoreFields = (fields, query, nearOf) => {
    const kinds = query.words.map(({ text }, k) => {
      const near = nearOf && nearOf[k];
      let best = NONE;
      for (const field of fields) {
        for (const term of field) {
          const kind = term === text ? EXACT : term.startsWith(text) ? START : near && near.has(term) ? NEAR + near.get(term) : NONE;
          if (kind < best) best = kind;
        }
      }
      return [best];
    });
    const score = scoreOf(kinds, 0);
    return score >= 0 && query.quoted.every((phrase) => holdsPhrase(fields, phrase)) ? score : -1;
  };

  // The rows that hold every word (each with its near terms, when given) and every phrase,
  // best first.
  const rowsFor = (index, query, nearOf) => {
    const kinds = query.words.map((word, k) => kindsOf(index, word.text, nearOf && nearOf[k]));
    const found = [];
    for (let row = 0; row < index.texts.length; row += 1) {
      const score = scoreOf(kinds, row);
      if (score < 0) continue;
      if (query.quoted.length > 0) {
        const fields = fieldsOf(index.texts[row]);
        if (!query.quoted.every((phrase) => holdsPhrase(fields, phrase))) continue;
      }
      found.push([score, row]);
    }
    found.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    return found.map(([, row]) => row);
  };

  // The terms that share `typed`'s first letter, with how many rows hold each: all that a near
  // word can be.
  function* sameFirstLetter(index, typed) {
    for (const term of termsFrom(index.terms, String.fromCodePoint(typed.codePointAt(0)))) yield [term, index.rowsOf.get(term).length];
  }

  // The query with each word that finds nothing replaced by its nearest term (one edit more
  // than a typo may have), if that query finds rows; null otherwise.
  const suggestionFor = (index, query) => {
    let changed = false;
    const words = query.words.map(({ text }) => {
      if (!mayBeNear(text) || Array.from(text).length < 3) return text;
      if (!termsFrom(index.terms, text).next().done) return text;
      const [nearest] = nearTerms(text, sameFirstLetter(index, text), nearEditsAllowed(text) + 1);
      if (!nearest) return text;
      changed = true;
      return nearest[0];
    });
    if (!changed) return null;
    const suggested = words.join(' ');
    return rowsFor(index, queryOf(suggested), null).length > 0 ? suggested : null;
  };

  /**
   * What `query` (from `queryOf`) finds among the rows of `index` (from `indexOf`): `rows`,
   * best first; `marks`, the words to mark in them (the typed words and the near terms that
   * stood for them); `suggestion`, a query to offer when nothing is found, or null.
   */
  const find = (index, query) => {
    const typed = query.words.map((word) => word.text);
    let rows = rowsFor(index, query, null);
    if (rows.length > 0 || !query.words.some((word) => word.near)) {
      return { rows, marks: typed, suggestion: rows.length > 0 ? null : suggestionFor(index, query) };
    }
    const nearOf = query.words.map((word) => (word.near ? new Map(nearTerms(word.text, sameFirstLetter(index, word.text))) : null));
    rows = rowsFor(index, query, nearOf);
    return { rows, marks: marksOf(query, nearOf), suggestion: rows.length > 0 ? null : suggestionFor(index, query) };
  };

  // The words to mark in rows found: those typed, and the near terms that stood for them.
  const marksOf = (query, nearOf) => query.words.map((word) => word.text)
    .concat(...(nearOf || []).filter(Boolean).map((near) => Array.from(near.keys())));

  return { indexOf, find, scoreFields, marksOf, fieldsOf, firstAtLeast };
})();
