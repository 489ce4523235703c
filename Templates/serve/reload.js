// Almanac's live reload, served by `almanac serve` alone: never written into the site.
// It listens for the server's events: `reload` reloads the page, `problem` shows the build's
// error over the page, as text, until a build succeeds again. A file of its own, so it runs
// under the same strict policy as the site (`default-src 'self'`): no inline script, and its
// styles set through the DOM. The server names its event stream on the script's own tag.
(() => {
  'use strict';
  const source = new EventSource(document.currentScript.dataset.events);
  let overlay = null;
  const hide = () => { if (overlay) { overlay.remove(); overlay = null; } };
  const show = (text) => {
    hide();
    overlay = document.createElement('div');
    overlay.setAttribute('role', 'alert');
    overlay.id = 'almanac-build-problem';
    Object.assign(overlay.style, {
      position: 'fixed', inset: '0', zIndex: '2147483647', overflow: 'auto', margin: '0',
      padding: '2rem', background: 'rgba(20, 20, 24, 0.94)', color: '#fff',
    });
    const title = document.createElement('h2');
    title.textContent = 'The site did not build';
    Object.assign(title.style, { font: '600 1.25rem system-ui, sans-serif', margin: '0 0 1rem', color: '#ff8080' });
    const message = document.createElement('pre');
    message.textContent = text;
    Object.assign(message.style, { font: '0.9rem/1.5 ui-monospace, monospace', whiteSpace: 'pre-wrap', margin: '0' });
    const note = document.createElement('p');
    note.textContent = 'The last good build is still served. Save a fix and this page reloads.';
    Object.assign(note.style, { font: '0.9rem system-ui, sans-serif', opacity: '0.75', marginTop: '1.5rem' });
    overlay.append(title, message, note);
    document.body.append(overlay);
  };
  // Marks the page as listening (what a test, or a curious reader, can look for).
  source.addEventListener('open', () => { document.documentElement.dataset.almanacLive = 'on'; });
  source.addEventListener('reload', () => location.reload());
  source.addEventListener('problem', (event) => show(event.data));
  source.addEventListener('fixed', () => { hide(); location.reload(); });
})();
