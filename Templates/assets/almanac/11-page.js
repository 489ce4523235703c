// ---- The page the engine runs on (`main`, its listing): the page's name, the way to the
// site's root, and whether its rows are on pages of their own (a split listing). ----
const pageName = main.dataset.page || '';
const root = main.dataset.root || '';
const isSplit = main.dataset.split === 'true';
