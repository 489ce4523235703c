// ---- Sort by on a whole page: its rows moved into one flat list in an order, cut into lists
// the browser does not lay out while off screen (almanac.css), and back to their sections.
// `rows`: the page's rows; `table`: its table, when the rows are a table's. ----
const sortedList = (rows, table) => {
  // Where each row goes back to: its own list (a long section has several), or its
  // section's tbody before the footer row.
  const homes = rows.map((row) => row.parentNode);
  const anchors = new Map(visibility.sections.map((section) => [section, section.querySelector('.section-footer-row')]));
  let flat = null;
  // The rows of each of the lists a sorted list is cut into (see almanac.css).
  const SORTED_LIST_ROWS = 400;
  // Rows moved before the first frame: more than a tall screen holds, few enough to lay out at once.
  const FIRST_ROWS = 60;
  // Rows move a few thousand to a task: the first screenful at once, the rest after, so a
  // new order of 50,000 rows shows in the next frame rather than after every move. A move
  // under way is finished before anything else reads or moves rows.
  const moves = (() => {
    let job = null;
    let timer = 0;
    let frame = 0;
    const advance = (deadline) => {
      while (job && job.next < job.count && performance.now() < deadline) {
        const end = Math.min(job.count, job.next + SORTED_LIST_ROWS);
        for (let k = job.next; k < end; k += 1) job.place(k);
        job.next = end;
      }
      if (job && job.next >= job.count) {
        const { done } = job;
        job = null;
        done();
      }
    };
    const later = () => {
      timer = 0;
      advance(performance.now() + 8);
      if (job) timer = setTimeout(later, 0);
    };
    const finish = () => {
      if (frame) cancelAnimationFrame(frame);
      if (timer) clearTimeout(timer);
      frame = 0;
      timer = 0;
      advance(Infinity);
    };
    const start = (count, place, done) => {
      finish();
      job = { count, place, done, next: 0 };
      const first = Math.min(count, FIRST_ROWS);
      for (let k = 0; k < first; k += 1) place(k);
      job.next = first;
      // The rest once the first screenful is drawn.
      if (first >= count) advance(Infinity);
      else frame = requestAnimationFrame(() => { frame = 0; timer = setTimeout(later, 0); });
    };
    return { start, finish };
  })();
  // Rows leave the flat list for their sections, top first.
  const backHome = () => {
    flat.remove();
    flat = null;
    const home = (i) => homes[i].insertBefore(rows[i], table ? anchors.get(homes[i]) : null);
    const marked = () => { if (!table) for (const section of visibility.sections) markFirstShownOf(section.querySelector('.section-body')); };
    moves.start(rows.length, home, marked);
    marked();
  };
  // Rows go into one flat list in `sorted` order, cut into lists the browser does not lay out
  // while off screen (almanac.css); the sections they leave are hidden.
  const showInOrder = (sorted) => {
    if (flat) flat.remove();
    if (table) {
      const into = flat = document.createElement('tbody');
      flat.className = 'sorted-rows';
      table.append(flat);
      moves.start(sorted.length, (k) => into.append(rows[sorted[k]]), () => {});
      return;
    }
    const into = flat = document.createElement('div');
    flat.className = 'sorted-list';
    const lists = [];
    for (let start = 0; start < sorted.length; start += SORTED_LIST_ROWS) {
      const list = document.createElement('ul');
      list.className = 'rows';
      lists.push(list);
      flat.append(list);
    }
    // Once every row has moved, a row a section marked as its first shown no longer is.
    const marked = () => {
      markFirstShownOf(into);
      for (const section of visibility.sections) markFirstShownOf(section.querySelector('.section-body'));
    };
    moves.start(sorted.length, (k) => lists[Math.floor(k / SORTED_LIST_ROWS)].append(rows[sorted[k]]), marked);
    markFirstShownOf(flat);
    const last = visibility.sections[visibility.sections.length - 1];
    if (last) last.after(flat);
  };
  return {
    show: showInOrder,
    back: () => { if (flat) backHome(); },
    // A move under way finished at once, before anything reads or moves rows.
    finish: () => moves.finish(),
    // The flat list while the rows are in an order, or null.
    list: () => flat,
  };
};
