// ---- The place the reader was sent to (the state's `target`, the address's fragment): a link
// into a folded section opens the section and brings the place into view, on arrival and at
// each link followed, where the browser alone would land on nothing. ----
const showTarget = (id) => { if (id) collapsing.reveal(document.getElementById(id)); };
reader.watch((state, previous) => { if (state.target !== previous.target) showTarget(state.target); });
showTarget(reader.get().target);
