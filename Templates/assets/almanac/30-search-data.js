const field = document.getElementById('search-field');
const form = field ? field.form : null;
const MAX_RESULTS = 100;
// The results a phone shows without scrolling.
const SCREENFUL = 12;

// A search whose data cannot be loaded says so where a reader looks, not only to a screen
// reader.
const fail = (what) => {
  status.textContent = phrases.text(what);
  status.classList.remove('visually-hidden');
  status.classList.add('search-error');
  noResults.hidden = true;
};

// ---- The search data: a script beside the page (`dataFiles`), loaded the first time
// search is used. Every caller that asks while it loads is
// answered when it arrives; if it cannot be loaded, `failed` is told instead. ----
// The search data as the build spells it (BrowserContract.swift), read into the names used
// here; a whole page's data is a plain list of rows.
const fromBuild = (raw) => {
  if (Array.isArray(raw)) return raw;
  const read = Object.fromEntries(Object.entries(contract.searchData).map(([ours, spelled]) => [ours, raw[spelled]]));
  const place = Object.fromEntries(contract.sectionEntry.map((name, index) => [name, index]));
  read.sections = (read.sections || []).map((entry) => ({ id: entry[place.id], title: entry[place.title], page: entry[place.page] }));
  return read;
};
let data = null;
const waiting = [];
const withData = (callback) => {
  // A single file carries a whole page's data as JSON, read the first time it is needed.
  const inline = document.getElementById('almanac-search-data');
  if (inline) {
    data = fromBuild(JSON.parse(inline.textContent));
    inline.remove();
    callback();
    return;
  }
  const registered = dataFiles.handed('search', pageName);
  if (registered) { data = fromBuild(registered); callback(); return; }
  waiting.push(callback);
  if (waiting.length > 1) return;
  const failed = () => { waiting.length = 0; fail('search_unavailable'); };
  // A split page names an entry whose name never changes (so a changed row does not change
  // every section page): it is asked for past any cache, and names this build's data file.
  const load = (source, isEntry) => loadScript(isEntry ? source + '?t=' + Date.now() : source, () => {
    const loaded = dataFiles.handed('search', pageName);
    if (!loaded) { failed(); return; }
    const file = loaded[contract.searchData.file];
    if (isEntry && typeof file === 'string') {
      dataFiles.letGo('search', pageName);
      load(root + file, false);
      return;
    }
    data = fromBuild(loaded);
    for (const waiter of waiting.splice(0)) waiter();
  }, failed);
  load(main.dataset.searchSrc, main.dataset.searchEntry === 'true');
};
