// ---- The query as a reader writes it: words to find, and "phrases in quotes" whose words
// must stand together and in order. Folded as rows are and cut into words as the build cuts
// them, so a query means the same on a page of twenty rows and on one of a million. ----
//
// `words`: every word of the query, each `{ text, near }`; `near` says whether the word may
// match a near word (a typo) — not inside quotes, where the reader wrote what they meant.
// `quoted`: the phrases, each `{ words, open }`; `open` while its closing quote is still to be
// typed, when its last word may be the start of a longer one. `key`: the query's meaning,
// equal for queries that find the same rows. `typed`: the query as the reader wrote it.
const queryOf = (text) => {
  const pieces = fold(text).split('"');
  const words = [];
  const quoted = [];
  pieces.forEach((piece, k) => {
    const inQuotes = k % 2 === 1;
    const found = wordsOf([piece]);
    for (const word of found) words.push({ text: word, near: !inQuotes && nearEditsAllowed(word) > 0 });
    if (inQuotes && found.length > 0) quoted.push({ words: found, open: k === pieces.length - 1 });
  });
  const key = JSON.stringify([words.map((word) => word.text), quoted]);
  return { typed: text.trim(), words, quoted, key, isEmpty: words.length === 0 };
};
