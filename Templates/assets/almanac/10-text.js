// ---- Folding: as the build folds rows (SearchText.swift), from the build's own table. ----
// Accents go; the marks that spell a word (Thai vowels, kana voicing) stay.
const rangeClass = (ranges) => ranges.map(([low, high]) => '\\u{' + low.toString(16) + '}-\\u{' + high.toString(16) + '}').join('');
const spelled = new RegExp('[' + Object.keys(contract.fold).join('') + ']', 'gu');
const accents = new RegExp('(?![' + rangeClass(contract.keptMarks) + '])\\p{M}', 'gu');
const fold = (text) => text.toLowerCase().normalize('NFD').replace(accents, '')
  .replace(spelled, (letter) => contract.fold[letter]);

// ---- Words: as the build cuts them for sharded search (SearchIndex.forEachWord), at every
// code point that is not a letter, mark or number. A word in a script written without
// spaces (Japanese, Chinese, Thai) is matched as it stands against the build's words, which
// begin wherever ICU's dictionary says a word begins and run on to the end of the text, cut
// at the contract's length: a query is cut as long. ----
const spaceless = new RegExp('[' + rangeClass(contract.spaceless) + ']', 'u');
const wordsOf = (terms) => terms.flatMap((term) => term.split(/[^\p{L}\p{M}\p{N}]+/u)).filter(Boolean)
  .map((word) => (spaceless.test(word) ? Array.from(word).slice(0, contract.spacelessWordLength).join('') : word));

// ---- The page's words, from its strings table (PageWords.swift): a text by its key, a
// counted one in the form the browser's plural rules (ICU's, as the build's) choose for the
// page's language, and numbers with the build's digits and grouping. ----
const phrases = (() => {
  const element = document.getElementById('almanac-words');
  const data = element ? JSON.parse(element.textContent) : { lang: 'en', numbers: null, strings: {} };
  const rules = new Intl.PluralRules(data.lang);
  const style = data.numbers;
  const number = (value) => {
    const digits = String(Math.abs(Math.trunc(value)));
    const local = style ? Array.from(digits, (digit) => style.digits[digit]).join('') : digits;
    if (!style || style.size <= 0 || digits.length < style.size + style.minimum) return (value < 0 ? '-' : '') + local;
    const characters = Array.from(local);
    const groups = [characters.splice(-style.size).join('')];
    while (characters.length > 0) groups.unshift(characters.splice(-style.secondary).join(''));
    return (value < 0 ? '-' : '') + groups.join(style.group);
  };
  const fill = (text, values) => text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? values[name] : whole));
  const forms = (key) => data.strings[key] || { other: key };
  return {
    number,
    text: (key, values = {}) => fill(forms(key).other, values),
    counted: (key, count, values = {}) => {
      const all = forms(key);
      return fill(all[rules.select(count)] ?? all.other, { ...values, count: number(count) });
    },
  };
})();
