// ---- The page made ready for the reader's engine, the parts from 10 on, which the build
// joins into `start(main)` (PageScript.swift) and hands to `whenReady`. A large report ships
// its plain rows as data (RowData.swift): they are built into the rows the build's templates
// would have written, a few lists to a task so the page answers between them and reads
// without waiting for fifty thousand rows; the engine starts once all are in place, so it
// meets the same rows as on a page written whole. ----
const rowsFromData = (blocks, then) => {
  const html = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
  const ROWS_PER_LIST = 400; // SectionView.rowsPerList
  const cell = (field, value, named) => {
    const [text, raw] = Array.isArray(value) ? value : [value, null];
    if (text === '') return '';
    return '<span class="field" data-field="' + html(field[0]) + '"' + (named ? ' data-label="' + html(field[1]) + '"' : '')
      + (field[2] ? ' data-search=""' : '') + (raw === null ? '' : ' data-value="' + html(raw) + '"') + '>' + html(text) + '</span>';
  };
  const row = (data, values) => {
    const [id, number, filters, ranks, status, label, ...cells] = values;
    const fields = data.fields.length ? '<span class="fields">' + cells.map((value, k) => cell(data.fields[k], value, data.named)).join('') + '</span>' : '';
    return '<li class="row" id="row-' + html(id) + '" data-i="' + number + '"' + (filters === null ? '' : ' data-f="' + html(filters) + '"')
      + (ranks === null ? '' : ' data-s="' + html(ranks) + '"') + (status < 0 ? '' : ' data-status="' + html(data.statuses[status]) + '"')
      + '><div class="row-body"><span class="row-text"><span class="label"' + (data.labelSearched ? ' data-search=""' : '') + '>'
      + html(label) + '</span>' + fields + '</span></div></li>';
  };
  const jobs = blocks.map((block) => ({ block, data: null, next: 0 }));
  const step = () => {
    const deadline = performance.now() + 10;
    while (jobs.length && performance.now() < deadline) {
      const job = jobs[0];
      if (!job.data) job.data = JSON.parse(job.block.textContent);
      const rows = job.data.rows;
      const end = Math.min(rows.length, job.next + ROWS_PER_LIST);
      const list = rows.slice(job.next, end).map((values) => row(job.data, values)).join('');
      job.block.insertAdjacentHTML('beforebegin', '<ul class="rows' + (rows.length > ROWS_PER_LIST ? ' rows-part' : '') + '">' + list + '</ul>');
      job.next = end;
      if (end === rows.length) jobs.shift().block.remove();
    }
    if (jobs.length) setTimeout(step, 0); else then();
  };
  setTimeout(step, 0);
};

/** Starts the engine on the page's listing once its rows are in place; a page without a listing has none to start. */
const whenReady = (start) => {
  const main = document.querySelector('main.listing');
  if (!main) return;
  const blocks = Array.from(main.querySelectorAll('script.row-data'));
  if (blocks.length) rowsFromData(blocks, () => start(main)); else start(main);
};
