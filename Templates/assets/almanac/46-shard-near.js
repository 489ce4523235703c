// ---- Near words on a sharded page. When a query's words as written find no row, the lists
// of words that share a typed word's first letter and are near its length
// (SearchVocabulary.swift) are read, its near words chosen from them (36-near-words.js), and
// then the shards of only those words: a typo costs a few small files, not the whole index. ----
const shardNear = (plan, manifest) => {
  const lists = manifest.vocabulary || {};
  // The words of `typed`'s first letter within `most` letters of its length, with their rows.
  const wordsNear = async (typed, most) => {
    const letters = Array.from(typed);
    // Lists of one letter share files: `[words, pack]`.
    const packs = new Set();
    for (let length = Math.max(1, letters.length - most); length <= letters.length + most; length += 1) {
      const list = lists[letters[0] + length];
      if (list) packs.add(list[1]);
    }
    return (await Promise.all(Array.from(packs, (pack) => plan.loadPage(contract.shardVocabulary + pack, 0)))).flat();
  };
  // For each word of the query, its near terms (term → edits), or null where it may have none.
  const nearOf = (query) => Promise.all(query.words.map(async (word) => (word.near
    ? new Map(nearTerms(word.text, await wordsNear(word.text, nearEditsAllowed(word.text)))) : null)));
  // The pages to read: every page of the leaves of the word found in the fewest rows, each
  // word counted with its near terms, in the order of those terms (fewest edits and
  // commonest first, 36-near-words.js), so that the first pages are the likeliest to fill
  // the list. At most NEAR_PAGES of them.
  const NEAR_PAGES = 24;
  const pagesFor = (query, near) => {
    const options = query.words.map((word, k) => {
      const leaves = new Set(plan.leavesOf(word.text) || []);
      for (const term of (near[k] || new Map()).keys()) for (const leaf of plan.leavesOf(term) || []) leaves.add(leaf);
      return Array.from(leaves);
    });
    const rarest = options.reduce((best, list) => (plan.rowsIn(list) < plan.rowsIn(best) ? list : best));
    return plan.pagesOf(rarest).slice(0, NEAR_PAGES);
  };
  // The query with each word that begins no word of the page replaced by its nearest word
  // (one edit more than a typo may have, 38-matching.js), or null when there is none.
  const suggestionFor = async (query) => {
    let changed = false;
    const words = await Promise.all(query.words.map(async ({ text }) => {
      const leaves = plan.leavesOf(text);
      if (!mayBeNear(text) || Array.from(text).length < 3 || (leaves && leaves.length > 0)) return text;
      const most = nearEditsAllowed(text) + 1;
      const known = await wordsNear(text, most);
      if (known.some(([term]) => term.startsWith(text))) return text;
      const [nearest] = nearTerms(text, known, most);
      if (!nearest) return text;
      changed = true;
      return nearest[0];
    }));
    return changed ? words.join(' ') : null;
  };
  return { nearOf, pagesFor, suggestionFor };
};
