// ---- The section index: disabled links do nothing; on a phone, sliding a finger along the
// strip jumps from section to section, as on the iPhone. ----
const sectionIndex = (() => {
  const links = new Map();
  for (const link of document.querySelectorAll('nav.section-index a')) {
    links.set(link.dataset.section || decodeURIComponent(link.hash.slice(1)), link);
  }
  const nav = document.querySelector('nav.section-index');
  // The strip sizes its entries to fit the screen from their number (see almanac.css). On a
  // phone too short for every entry at 24 px, the index becomes a menu behind a button, its
  // entries 44 px squares, rather than targets too small to hit.
  if (nav) {
    const count = nav.querySelectorAll('li').length;
    nav.style.setProperty('--index-count', String(count));
    const phone = window.matchMedia('(max-width: 47.99rem)');
    const list = nav.querySelector('ol');
    let toggle = null;
    const close = () => {
      nav.classList.remove('open');
      if (toggle) toggle.setAttribute('aria-expanded', 'false');
    };
    // Escape closes the menu and gives focus back to its button, not to the page's top.
    const dismiss = () => {
      const within = nav.contains(document.activeElement) || document.activeElement === document.body;
      close();
      if (within && toggle) toggle.focus();
    };
    const arrange = () => {
      const asMenu = phone.matches && count * 24 > window.innerHeight * 0.88;
      nav.classList.toggle('as-menu', asMenu);
      if (asMenu && !toggle) {
        const entries = nav.querySelectorAll('li');
        toggle = document.createElement('button');
        toggle.type = 'button';
        toggle.className = 'index-toggle';
        // The entries as the phone shows them (a long title's short form), first to last;
        // its name begins with what it says, so a voice command can name it.
        const shown = (entry) => (entry.querySelector('.index-short') || entry).textContent.trim();
        const what = document.createElement('span');
        what.className = 'visually-hidden';
        what.textContent = phrases.text('sections') + ' ';
        toggle.append(what, shown(entries[0]) + '–' + shown(entries[entries.length - 1]));
        toggle.setAttribute('aria-expanded', 'false');
        list.id = list.id || 'section-index-list';
        toggle.setAttribute('aria-controls', list.id);
        toggle.addEventListener('click', () => {
          const open = nav.classList.toggle('open');
          toggle.setAttribute('aria-expanded', String(open));
        });
        nav.prepend(toggle);
      }
      if (toggle) toggle.hidden = !asMenu;
      if (!asMenu) close();
    };
    arrange();
    phone.addEventListener('change', arrange);
    window.addEventListener('resize', arrange);
    nav.addEventListener('click', (event) => { if (nav.classList.contains('as-menu') && event.target.closest('a')) close(); });
    document.addEventListener('keydown', (event) => { if (event.key === 'Escape' && nav.classList.contains('open')) dismiss(); });
  }
  if (nav) {
    nav.addEventListener('click', (event) => {
      const link = event.target.closest('a');
      if (link && link.getAttribute('aria-disabled') === 'true') { event.preventDefault(); return; }
      // A jump takes the keyboard along: focus goes to the section named (opened if it was
      // folded away), so the next Tab reaches its rows, not the rest of the index.
      const destination = link ? link.getAttribute('href') : '';
      if (!destination.startsWith('#')) return;
      const section = document.getElementById(decodeURIComponent(destination.slice(1)));
      if (!section || !section.classList.contains('section')) return;
      collapsing.open(section);
      const heading = section.querySelector('.section-header, .section-heading > th') || section;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      requestAnimationFrame(() => heading.focus({ preventScroll: true }));
    });
    let scrubbing = false;
    const scrubTo = (event) => {
      const target = document.elementFromPoint(event.clientX, event.clientY);
      const link = target && target.closest('nav.section-index a');
      if (!link || link.getAttribute('aria-disabled') === 'true') return;
      const destination = link.getAttribute('href');
      if (!destination.startsWith('#')) { location.href = link.href; return; }
      const section = document.getElementById(decodeURIComponent(destination.slice(1)));
      if (section) section.scrollIntoView({ block: 'start' });
    };
    nav.addEventListener('pointerdown', (event) => {
      if (event.pointerType !== 'touch' || nav.classList.contains('as-menu')) return;
      scrubbing = true;
      nav.setPointerCapture(event.pointerId);
      scrubTo(event);
    });
    nav.addEventListener('pointermove', (event) => { if (scrubbing) scrubTo(event); });
    const stop = () => { scrubbing = false; };
    nav.addEventListener('pointerup', stop);
    nav.addEventListener('pointercancel', stop);
  }
  // Each search sets every link; only those whose state changes are written, since a
  // hundred attribute writes a keystroke cost a phone a good part of its frame.
  const setEnabled = (id, enabled) => {
    const link = links.get(id);
    if (!link || (link.getAttribute('aria-disabled') !== 'true') === enabled) return;
    if (enabled) {
      link.removeAttribute('aria-disabled');
      link.removeAttribute('tabindex');
      link.classList.remove('disabled');
    } else {
      link.setAttribute('aria-disabled', 'true');
      link.setAttribute('tabindex', '-1');
      link.classList.add('disabled');
    }
  };
  return { setEnabled, enableAll: () => { for (const id of links.keys()) setEnabled(id, true); } };
})();
