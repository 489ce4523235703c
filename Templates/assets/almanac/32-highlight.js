// ---- Highlighting: matches get <mark>, mapped back through folding to the original text. ----
// Folded text with, for each folded character, the index of the original it came from.
// ASCII folds to its lower case one for one: only other letters go through `fold`, which is
// slow per character and would make highlighting a hundred results cost a frame on a phone.
const foldWithMap = (text) => {
  let folded = '';
  const map = [];
  let position = 0;
  for (const character of text) {
    const code = character.charCodeAt(0);
    if (code < 0x80) {
      folded += code >= 0x41 && code <= 0x5a ? String.fromCharCode(code + 32) : character;
      map.push(position);
      position += 1;
      continue;
    }
    const piece = fold(character);
    for (let k = 0; k < piece.length; k += 1) map.push(position);
    folded += piece;
    position += character.length;
  }
  map.push(position);
  return { folded, map };
};
// A result row's label is highlighted anew at every keystroke: its folding is kept.
const foldings = new Map();
const foldedOnce = (text) => {
  let known = foldings.get(text);
  if (!known) {
    if (foldings.size > 5000) foldings.clear();
    known = foldWithMap(text);
    foldings.set(text, known);
  }
  return known;
};
const originals = new WeakMap();
const unhighlight = (element) => {
  for (const part of element.querySelectorAll('[data-search]')) {
    if (originals.has(part)) {
      part.textContent = originals.get(part);
      originals.delete(part);
    }
  }
};
// Only where a word begins, as search matches (`r` in `S.r.l.`, not in `Anchor`; after any
// letter of a script written without spaces, whose words the build cut by dictionary).
const wordCharacter = /[\p{L}\p{M}\p{N}]/u;
const joiner = /^[^\p{L}\p{M}\p{N}\s]{1,2}$/u;
const highlight = (element, terms) => {
  for (const part of element.querySelectorAll('[data-search]')) {
    const text = originals.has(part) ? originals.get(part) : part.textContent;
    const { folded, map } = foldedOnce(text);
    const ranges = [];
    for (const term of terms) {
      let at = folded.indexOf(term);
      while (at !== -1) {
        if (at > 0 && wordCharacter.test(folded[at - 1]) && !spaceless.test(folded[at - 1])) { at = folded.indexOf(term, at + 1); continue; }
        const start = map[at];
        let end = map[at + term.length];
        if (end <= start) end = start + 1;
        ranges.push([start, end]);
        at = folded.indexOf(term, at + term.length);
      }
    }
    if (ranges.length === 0) {
      if (originals.has(part)) { part.textContent = text; originals.delete(part); }
      continue;
    }
    ranges.sort((a, b) => a[0] - b[0]);
    const merged = [ranges[0]];
    // Marks apart by a joiner alone (`case_00757`, `new-york`) are one mark, as the reader
    // typed them; words apart by a space stay two.
    for (const range of ranges.slice(1)) {
      const last = merged[merged.length - 1];
      if (range[0] <= last[1] || joiner.test(text.slice(last[1], range[0]))) last[1] = Math.max(last[1], range[1]); else merged.push(range);
    }
    originals.set(part, text);
    const fragment = document.createDocumentFragment();
    let cursor = 0;
    for (const [start, end] of merged) {
      if (start > cursor) fragment.append(text.slice(cursor, start));
      const mark = document.createElement('mark');
      mark.textContent = text.slice(start, end);
      fragment.append(mark);
      cursor = end;
    }
    if (cursor < text.length) fragment.append(text.slice(cursor));
    part.replaceChildren(fragment);
  }
};
