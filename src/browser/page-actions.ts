/**
 * The page actions' script (src/components/PageActions.astro), an external module like the
 * WebMCP script (no inline code: the Content-Security-Policy allows scripts from the site only).
 * It shows the copy button, which puts the page's Markdown sibling on the clipboard exactly as the
 * site serves it (fetched from the same origin, which `connect-src 'self'` allows) and says so in
 * the menu's live region; and it closes the menu on Escape (focus back on its button) and on a
 * click elsewhere. Without it the menu is the same list of plain links, minus the copy button.
 *
 * Browser code: imports nothing (.dependency-cruiser.mjs, layer browser).
 */

/** What copying needs from the browser, passed in so the tests can hand it fakes. */
export interface CopyEnvironment {
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  clipboard: Pick<Clipboard, 'writeText'> & Partial<Pick<Clipboard, 'write'>>;
  /** The browser's ClipboardItem, where it has one. */
  ClipboardItem?: typeof ClipboardItem | undefined;
}

/**
 * Puts the text at `href` on the clipboard, unchanged. Through a ClipboardItem whose text is still
 * being fetched first: Safari allows a write only while the click that asked for it is current,
 * and the fetch would outlast it; then, where that fails (a browser whose ClipboardItem takes no
 * promise), through writeText once the text is there. Rejects when the text cannot be fetched
 * or the browser refuses both writes.
 */
export async function copyPageMarkdown(href: string, environment: CopyEnvironment): Promise<void> {
  const text = environment.fetch(href, { headers: { Accept: 'text/markdown' } }).then(async (response) => {
    if (!response.ok) throw new Error(`${href} answered ${response.status}`);
    return response.text();
  });
  // Handled here as well, so a failed fetch is not also reported as unhandled while a write waits on it.
  text.catch(() => undefined);
  const { ClipboardItem: Item, clipboard } = environment;
  if (Item && clipboard.write) {
    try {
      await clipboard.write([
        new Item({ 'text/plain': text.then((value) => new Blob([value], { type: 'text/plain' })) }),
      ]);
      return;
    } catch {
      // Fall through to writeText, unless the text itself could not be had.
    }
  }
  await clipboard.writeText(await text);
}

/** Sets up one menu (`[data-page-actions]`): its copy button, its live region and how it closes. */
export function setUpPageActions(root: HTMLElement): void {
  const details = root.querySelector('details');
  const item = root.querySelector<HTMLElement>('[data-page-actions-copy]');
  const button = item?.querySelector('button');
  const status = root.querySelector<HTMLElement>('[data-page-actions-status]');
  const href = button?.dataset.markdown;
  if (!details || !item || !button || !status || !href) return;

  const say = (message: string, failed: boolean) => {
    // Emptied first, so the same words said twice are announced twice.
    status.textContent = '';
    status.toggleAttribute('data-failed', failed);
    setTimeout(() => {
      status.textContent = message;
    }, 100);
  };

  if (window.isSecureContext && 'clipboard' in navigator) {
    item.hidden = false;
    button.addEventListener('click', () => {
      const environment: CopyEnvironment = {
        fetch: (input, init) => fetch(input, init),
        clipboard: navigator.clipboard,
        ClipboardItem: typeof ClipboardItem === 'function' ? ClipboardItem : undefined,
      };
      copyPageMarkdown(href, environment).then(
        () => say(root.dataset.copied ?? '', false),
        (error: unknown) => {
          console.warn('The page could not be copied as Markdown.', error);
          say(root.dataset.copyFailed ?? '', true);
        },
      );
    });
  }

  details.addEventListener('toggle', () => {
    if (!details.open) status.textContent = '';
  });
  root.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    details.open = false;
    details.querySelector('summary')?.focus();
  });
  document.addEventListener('click', (event) => {
    if (details.open && event.target instanceof Node && !root.contains(event.target)) details.open = false;
  });
}
