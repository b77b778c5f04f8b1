// The loader of every pre-rendered page (scripts/prerender.mjs inlines it, with the two __NAMES__ replaced;
// the server's CSP admits it by hash, apps/server/src/prerendered-pages.ts).
//
// The app's scripts load after the first paint: a pre-rendered page paints from HTML and CSS alone, and on a
// phone's connection the entry chunk and its imports (about 175-195 KB) would otherwise share the bandwidth with
// the stylesheet and delay that paint; the browser also fetches them at high priority, ahead of images. The
// loader adds the module script once a frame has been painted (at once in a tab opened in the background, which
// paints nothing until shown). It adds no modulepreload links: each one costs the main thread about 0.3 ms to
// insert (35 on the landing page, with the route's), and the browser finds the entry's imports itself.
//
// Until the page has hydrated, its buttons do nothing, a link clicked while React hydrates can be lost, a form
// would submit natively (its fields in the URL) and hydration resets what was typed. Until then the loader keeps
// clicks and submits from the half-hydrated app: links are followed by the browser (a new tab's link is also clicked
// again for the app, not followed), clicks on buttons, radio
// buttons and checkboxes and submits remembered, text typed remembered; once the page says it is ready (PAGE_READY_EVENT,
// src/components/page-ready.ts; hydration keeps the same elements) it types the text again and repeats them.
(() => {
  const early = [];
  const typed = new Map();
  const onClick = (event) => {
    const target =
      event.target instanceof Element
        ? event.target.closest(
            'a[href], button, [role="button"], input[type="radio"], input[type="checkbox"]',
          )
        : null;
    if (!target) return;
    // A radio button or checkbox (a click on its label arrives here too) keeps its state until the app can hear
    // the change: the browser would tick it without telling the app, which would then disagree with the page.
    if (target instanceof HTMLInputElement) {
      event.preventDefault();
      event.stopPropagation();
      early.push(() => target.click());
      return;
    }
    // Kept from the half-hydrated app: the browser follows a link itself (a plain page load), and a button is
    // clicked again once the page is ready (a form's submit button: its submit event is kept instead).
    event.stopPropagation();
    if (target.matches('a[href]')) {
      // A link into a new tab (a listing's WhatsApp Contact) leaves this page where it is: once ready, the app hears
      // the click too (it records the contact), with the link's own action cancelled so no second tab opens.
      if (target.target === '_blank') early.push(() => clickWithoutFollowing(target));
      return;
    }
    if (!(target instanceof HTMLButtonElement && target.type === 'submit' && target.form)) {
      early.push(() => target.click());
    }
  };
  const clickWithoutFollowing = (link) => {
    const cancel = (event) => event.preventDefault();
    document.addEventListener('click', cancel, { capture: true, once: true });
    link.click();
  };
  const onInput = (event) => {
    const field = event.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)
      typed.set(field, field.value);
  };
  const onSubmit = (event) => {
    event.preventDefault();
    event.stopPropagation();
    const { target: form, submitter } = event;
    early.push(() => (submitter && submitter.form === form ? submitter.click() : form.requestSubmit()));
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('input', onInput, true);
  document.addEventListener('submit', onSubmit, true);
  document.addEventListener(
    __PAGE_READY_EVENT__,
    () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('input', onInput, true);
      document.removeEventListener('submit', onSubmit, true);
      // The app's state does not hold what was typed: type it again, the way React hears it (the value
      // cleared through React's own value tracker, then set past it, so that the input event is a change).
      for (const [field, value] of typed) {
        if (!field.isConnected) continue;
        field.value = '';
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      }
      // The clicks and submits after React has rendered what was typed: a form whose handler reads its component's
      // state (sign-in) would otherwise send the empty values of the render before.
      setTimeout(() => {
        for (const repeat of early.splice(0)) repeat();
      }, 0);
    },
    { once: true },
  );
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = __ENTRY_SCRIPT__;
    document.head.append(script);
  };
  if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
  else start();
})();
