// ---- Reading ahead on a sharded page while the reader is between keystrokes: the pages the
// next letter will most likely need are fetched then, so that letter is answered from memory
// rather than by waiting for a file (and paying to start its request, and to draw a frame
// while it waits) inside the keystroke. ----
// `plan`: the page's shardPlan; `entries`: how the search reads an entry (`words`, `row`,
// `answersAlone`, `matchesAll`); `isCurrent(mine)`: whether search `mine` is still the last.
const shardReadAhead = (plan, entries, isCurrent) => {
  const whole = contract.shardWholeWord;
  const READ_AHEAD = 3;
  // The letters most likely typed after `word`, likeliest first, by how many rows each
  // continuation holds: from the sizes of the leaves under the word while it is shorter
  // than their keys, from the words of the rows just found once it is inside one leaf or
  // narrows other words. A space stands for the word ending there.
  const likelyNextLetters = (word, words, found) => {
    const tally = new Map();
    const add = (letter, rows) => tally.set(letter, (tally.get(letter) || 0) + rows);
    const length = Array.from(word).length;
    const fromLeaves = () => {
      for (const key of plan.keysUnder(word)) {
        const letters = Array.from(key);
        if (letters.length > length) add(letters[length] === whole ? ' ' : letters[length], plan.size(key));
      }
    };
    const fromRows = () => {
      const begins = ' ' + word;
      for (const entry of found.values()) {
        const text = ' ' + entries.words(entry) + ' ';
        const after = new Set();
        for (let at = text.indexOf(begins); at !== -1; at = text.indexOf(begins, at + 1)) {
          after.add(String.fromCodePoint(text.codePointAt(at + begins.length)));
        }
        for (const letter of after) add(letter, 1);
      }
    };
    // The leaves count every row but not the other words; the rows found are those of all
    // the words, but only as many as were read.
    const [first, then] = words.length === 1 ? [fromLeaves, fromRows] : [fromRows, fromLeaves];
    first();
    if (tally.size === 0) then();
    return Array.from(tally).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([letter]) => letter);
  };
  // The pages a query would wait for in its first round trip, as its search asks for them:
  // the page needed next and, unless it answers alone, those after it not in memory yet.
  // None when memory answers it.
  const firstRound = (words) => {
    const planned = plan.planFor(words);
    if (!planned) return [];
    const rows = new Set();
    for (let at = 0; at < planned.wanted.length; at += 1) {
      const read = plan.pageOf(...planned.wanted[at]);
      if (!read) {
        return entries.answersAlone(words, planned.wanted[at]) ? [planned.wanted[at]]
          : planned.wanted.slice(at, at + READ_AHEAD).filter((page) => !plan.pageOf(...page));
      }
      for (const entry of read) if (entries.matchesAll(entry, words)) rows.add(entries.row(entry));
      if (rows.size >= MAX_RESULTS) return [];
    }
    return [];
  };
  // After a whole word the reader most likely begins another, which narrows the rows of
  // this one: it reads on through the pages of this query that are not in memory yet.
  // Pages still on their way count as read: at a pause that comes before the search's own
  // round trip is back (a slow machine, a slow host), reading ahead from the first page not
  // in memory asked again for the two in flight and read one page ahead instead of three.
  const pagesAfter = (words) => {
    const planned = plan.planFor(words);
    if (!planned) return [];
    return planned.wanted.filter(([key, page]) => !plan.pageOf(key, page) && !plan.isOnItsWay(key, page)).slice(0, READ_AHEAD);
  };
  // Within 50 ms even while a long list is still being filled a frame at a time: a fast
  // typist's next letter comes about 100 ms after the last, and a file asked for later than
  // that is one the letter waits for after all (under 4x throttling, waiting for idle time
  // alone often asked once the next letter had come, or just before it).
  const whenIdle = (callback) => (window.requestIdleCallback
    ? window.requestIdleCallback(callback, { timeout: 50 }) : setTimeout(callback, 50));
  // Every search begins with one letter, and a word of one letter is looked up whole: the
  // first page of each such word is read as soon as the search is readied (on focusing the
  // field), so the first keystroke waits for no file. Only letters that stand alone in some
  // row have one; the commonest FIRST_LETTERS of them, a few kilobytes each. When a search
  // begins at once (a query in the address, typing straight away), its own files come first
  // and these wait for its first pause.
  const FIRST_LETTERS = 16;
  let firstLettersRead = false;
  const readFirstLetters = () => {
    if (firstLettersRead) return;
    firstLettersRead = true;
    const letters = plan.keys.filter((key) => key.endsWith(whole) && Array.from(key).length === 2).sort(plan.largestFirst);
    for (const [key, page] of plan.pagesOf(letters.slice(0, FIRST_LETTERS))) {
      if (page === 0 && !plan.pageOf(key, 0)) plan.loadPage(key, 0).catch(() => {});
    }
  };
  // At a pause, the pages of the LIKELY_LETTERS likeliest next letters, at most
  // PAGES_PER_PAUSE of them (the first each letter needs before the rest); none once the
  // reader has typed on. A wrong guess costs a few kilobytes; a right one, a wait.
  const LIKELY_LETTERS = 3;
  const PAGES_PER_PAUSE = 4;
  const whenPaused = (mine, words, found) => {
    if (words.length === 0) return;
    whenIdle(() => {
      if (!isCurrent(mine)) return;
      readFirstLetters();
      const last = words[words.length - 1];
      const rounds = likelyNextLetters(last, words, found).slice(0, LIKELY_LETTERS).map((letter) => (letter === ' '
        ? pagesAfter(words) : firstRound([...words.slice(0, -1), last + letter])));
      const chosen = new Map();
      for (let depth = 0; depth < READ_AHEAD; depth += 1) {
        for (const round of rounds) {
          const page = round[depth];
          if (page && chosen.size < PAGES_PER_PAUSE) chosen.set(page.join('/'), page);
        }
      }
      for (const page of chosen.values()) plan.loadPage(...page).catch(() => {});
    });
  };
  whenIdle(() => { if (isCurrent(0)) readFirstLetters(); });
  return { whenPaused, READ_AHEAD };
};
