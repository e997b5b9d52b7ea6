/**
 * The header's disclosures, the menu (narrow screens) and the language switcher (wide ones), are
 * <details> elements that open and close without script (src/components/SiteHeader.astro). This
 * adds what people expect of a menu besides, where scripts run: Escape closes the open one and
 * gives the focus back to its button, and a click or the focus going elsewhere closes it.
 */
const header = document.querySelector('.site-header');

function closeAllBut(target: EventTarget | null): void {
  for (const details of header?.querySelectorAll('details[open]') ?? [])
    if (!(target instanceof Node && details.contains(target))) details.removeAttribute('open');
}

if (header) {
  document.addEventListener('click', (event) => closeAllBut(event.target));
  document.addEventListener('focusin', (event) => closeAllBut(event.target));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const outermost = header.querySelector<HTMLDetailsElement>('details[open]');
    if (!outermost) return;
    const hadFocus = outermost.contains(document.activeElement);
    closeAllBut(null);
    if (hadFocus) outermost.querySelector<HTMLElement>('summary')?.focus();
  });
}
