// ---- Near words: how far a typed word may be from a row's word and still find it. ----
// A word of 4–7 letters may be one edit away, of 8 or more two: a letter changed, dropped or
// added, or two neighbours swapped. Shorter words, words with a digit (`0001` is not near
// `0002`) and words of a script written without spaces must be as written.
const mayBeNear = (word) => !/\p{N}/u.test(word) && !spaceless.test(word);
const nearEditsAllowed = (word) => {
  if (!mayBeNear(word)) return 0;
  const length = Array.from(word).length;
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
};

// The edits between `typed` and `term` (code point arrays), or Infinity past `most`: the
// optimal string alignment distance, a row of the table at a time, stopped as soon as every
// cell of a row is past `most`. The first letter must be the same: a reader seldom gets it
// wrong, and a near word found only by changing it is more often a different word.
const editsBetween = (typed, term, most) => {
  if (typed[0] !== term[0] || Math.abs(typed.length - term.length) > most) return Infinity;
  let before = null;
  let previous = Array.from({ length: term.length + 1 }, (unused, j) => j);
  for (let i = 1; i <= typed.length; i += 1) {
    const current = [i];
    let smallest = i;
    for (let j = 1; j <= term.length; j += 1) {
      const change = typed[i - 1] === term[j - 1] ? 0 : 1;
      let cell = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + change);
      if (before && i > 1 && j > 1 && typed[i - 1] === term[j - 2] && typed[i - 2] === term[j - 1]) {
        cell = Math.min(cell, before[j - 2] + 1);
      }
      current.push(cell);
      if (cell < smallest) smallest = cell;
    }
    if (smallest > most) return Infinity;
    before = previous;
    previous = current;
  }
  const edits = previous[term.length];
  return edits <= most ? edits : Infinity;
};

// Expansions of one typed word at most: a short word near a large vocabulary would
// otherwise read the rows of hundreds of words.
const NEAR_TERMS = 50;

// The near terms of `typed` among `terms` (words of rows, each with how many rows hold it),
// `[term, edits]`, fewest edits first and, of those, the commonest: at most NEAR_TERMS, none
// equal to `typed` or beginning with it (those are found as written).
const nearTerms = (typed, terms, most = nearEditsAllowed(typed)) => {
  if (most <= 0) return [];
  const letters = Array.from(typed);
  const found = [];
  for (const [term, rows] of terms) {
    if (term.startsWith(typed)) continue;
    const edits = editsBetween(letters, Array.from(term), most);
    if (edits !== Infinity) found.push([term, edits, rows]);
  }
  found.sort((a, b) => a[1] - b[1] || b[2] - a[2] || (a[0] < b[0] ? -1 : 1));
  return found.slice(0, NEAR_TERMS).map(([term, edits]) => [term, edits]);
};
