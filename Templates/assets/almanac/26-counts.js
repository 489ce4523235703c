// ---- Row pictures: a picture that fails to load disappears rather than showing a broken icon.
for (const image of main.querySelectorAll('img.thumb')) {
  const hide = () => { image.hidden = true; };
  image.addEventListener('error', hide);
  if (image.complete && image.naturalWidth === 0 && image.getAttribute('src')) hide();
}

const status = main.querySelector('.search-status');
const noResults = main.querySelector('.no-results');
// What a search that found nothing offers instead (38-matching.js): set by the search before
// it announces its count, so whichever view announces says it.
let offered = null;
const offer = (suggestion, typed = '') => { offered = suggestion ? { suggestion, typed } : null; };
// "No results for “brightwatrly”. Did you mean brightwaterly?", the near query a button that
// searches for it: the words around `{suggestion}` are the strings table's.
const showOffer = ({ suggestion, typed }) => {
  const [before, after = ''] = phrases.text('did_you_mean', { query: typed }).split('{suggestion}');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'did-you-mean';
  button.textContent = suggestion;
  button.addEventListener('click', () => {
    const searchField = document.getElementById('search-field');
    searchField.value = suggestion;
    searchField.dispatchEvent(new Event('input'));
    searchField.focus();
  });
  noResults.replaceChildren(before, button, after);
  return before + suggestion + after;
};
const announce = (count) => {
  noResults.hidden = count !== 0;
  if (count === 0 && offered) {
    status.textContent = showOffer(offered);
    return;
  }
  if (noResults.firstElementChild) noResults.replaceChildren(phrases.text('no_results'));
  status.textContent = count === 0 ? phrases.text('no_results') : phrases.counted('results', count);
};

// ---- Counts in headers and footers: while searching or filtering, `{{count}} states` says
// how many of the section's rows show, as a table view reloads its footers; cleared, the
// build's text. ----
const counted = (section) => Array.from(section.querySelectorAll('[data-count-many]'));
const originalText = new WeakMap();
const showCount = (section, shown, total) => {
  for (const element of counted(section)) {
    if (!originalText.has(element)) originalText.set(element, element.textContent);
    element.textContent = shown === total ? originalText.get(element)
      : shown === 1 ? element.dataset.countOne : element.dataset.countMany.split(contract.countToken).join(phrases.number(shown));
  }
};

// ---- The first row a list shows draws no hairline above it (almanac.css): marked here
// when rows before it are hidden, by walking from the top to it, not over the whole list. ----
const firstShown = new WeakMap();
// `container`: a section's body or a sorted list, holding one list of rows or several (a
// long section, a long sorted list): only the very first row draws no hairline on its own.
const markFirstShownOf = (container) => {
  if (!container) return;
  const lists = container.querySelectorAll(':scope > ul.rows');
  let row = null;
  for (const list of lists) {
    row = list.firstElementChild;
    while (row && row.hidden) row = row.nextElementSibling;
    if (row) break;
  }
  const before = firstShown.get(container);
  if (before === row) return;
  if (before) before.classList.remove('first-shown');
  if (row && row !== lists[0].firstElementChild) { row.classList.add('first-shown'); firstShown.set(container, row); } else firstShown.delete(container);
};
