/**
 * Drives the editor at /admin/ in Chromium with its local repository mode, the way an editor
 * works offline (tests/integration/cms.test.ts, `npm run bench:admin`): Sveltia CMS asks the browser for a folder (`showDirectoryPicker()`, the File
 * System Access API), checks it is a git checkout (a `.git` entry) and reads and writes the
 * content files through it.
 *
 * A headless browser cannot be handed a folder: Chromium's picker is a native dialog, and
 * DevTools can only intercept it to cancel it (measured: `Page.setInterceptFileChooserDialog`
 * makes it reject with AbortError). So the page's `showDirectoryPicker` returns a folder of the
 * browser's own file system instead (the origin private file system: real FileSystemHandles, the
 * same API, kept in IndexedDB like a picked folder), which the test fills with a copy of the
 * checkout's content/ and reads back into the project copy afterwards. Everything else is the
 * editor's own code under the site's headers: its configuration, its saves, its file format.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';

/** The folder the stand-in picker returns, inside the origin private file system. */
const FOLDER = 'checkout';

/** Every file under `dir`, as paths relative to `base`. */
function filesUnder(dir: string, base: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    return item.isDirectory() ? filesUnder(full, base) : [path.relative(base, full)];
  });
}

/** Makes `showDirectoryPicker()` in every page of the context return the stand-in folder. */
export async function standInFolderPicker(context: BrowserContext): Promise<void> {
  await context.addInitScript((folder) => {
    Object.defineProperty(window, 'showDirectoryPicker', {
      configurable: true,
      value: async () => (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true }),
    });
  }, FOLDER);
}

/** Files kept as bytes rather than text (images): carried into and out of the browser in base64. */
const BINARY = /\.(?:jpe?g|png|webp|avif|gif)$/i;

/** Fills the stand-in folder with `project`'s content/ and a `.git` marker (on a page of the site's origin). */
export async function fillFolder(page: Page, project: string): Promise<void> {
  const files = filesUnder(path.join(project, 'content'), project).map((file) => {
    const bytes = readFileSync(path.join(project, file));
    return BINARY.test(file)
      ? { path: file.split(path.sep).join('/'), base64: bytes.toString('base64') }
      : { path: file.split(path.sep).join('/'), text: bytes.toString('utf8') };
  });
  await page.evaluate(
    async ({ folder, files }) => {
      const storage = await navigator.storage.getDirectory();
      await storage.removeEntry(folder, { recursive: true }).catch(() => undefined);
      const root = await storage.getDirectoryHandle(folder, { create: true });
      await root.getDirectoryHandle('.git', { create: true });
      for (const file of files) {
        const parts = file.path.split('/');
        let dir = root;
        for (const part of parts.slice(0, -1)) dir = await dir.getDirectoryHandle(part, { create: true });
        const writable = await (await dir.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(file.text ?? Uint8Array.from(atob(file.base64 ?? ''), (char) => char.charCodeAt(0)));
        await writable.close();
      }
    },
    { folder: FOLDER, files },
  );
}

/** The stand-in folder's content files, path -> text (an image's as base64). */
export function readFolder(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    async ({ folder, binary }) => {
      const isBinary = new RegExp(binary, 'i');
      const root = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder);
      const result: Record<string, string> = {};
      const walk = async (dir: FileSystemDirectoryHandle, prefix: string): Promise<void> => {
        for await (const [name, handle] of (
          dir as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }
        ).entries()) {
          if (handle.kind === 'directory') await walk(handle as FileSystemDirectoryHandle, `${prefix}${name}/`);
          else {
            const file = await (handle as FileSystemFileHandle).getFile();
            if (!isBinary.test(name)) result[`${prefix}${name}`] = await file.text();
            else {
              const bytes = new Uint8Array(await file.arrayBuffer());
              let text = '';
              for (const byte of bytes) text += String.fromCharCode(byte);
              result[`${prefix}${name}`] = btoa(text);
            }
          }
        }
      };
      await walk(await root.getDirectoryHandle('content'), 'content/');
      return result;
    },
    { folder: FOLDER, binary: BINARY.source },
  );
}

/** Writes the stand-in folder's content files that differ into `project` (the folder the editor "picked"); returns them. */
export async function saveFolderInto(page: Page, project: string): Promise<string[]> {
  const changed: string[] = [];
  for (const [file, text] of Object.entries(await readFolder(page))) {
    const target = path.join(project, file);
    const bytes = BINARY.test(file) ? Buffer.from(text, 'base64') : Buffer.from(text, 'utf8');
    let before: Buffer | undefined;
    try {
      before = readFileSync(target);
    } catch {
      before = undefined;
    }
    if (before?.equals(bytes)) continue;
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    changed.push(file);
  }
  return changed.sort();
}

/** Opens the editor on `baseUrl` with the stand-in folder holding `project`'s content; resolves when it lists the collections. */
export async function openEditor(page: Page, baseUrl: string, project: string): Promise<number> {
  await page.goto(`${baseUrl}/admin/`);
  await fillFolder(page, project);
  const started = Date.now();
  await page.reload();
  await page.getByRole('button', { name: /local repository/i }).click();
  await page
    .getByRole('link', { name: /^Services/ })
    .or(page.getByText('Services', { exact: true }))
    .first()
    .waitFor();
  return Date.now() - started;
}

/** Shows an entry's editor by its address in the editor (`#/collections/<name>/entries/<slug>`, or `…/new`). */
export async function showEditor(page: Page, route: string): Promise<void> {
  const saveButton = page.getByRole('button', { name: /^Save/ }).first();
  await page.evaluate((hash) => {
    location.hash = hash;
  }, `#/collections/${route}`);
  await saveButton.waitFor();
}

/** Appends `suffix` to the text field labelled `label` (its first one: the default language's pane). */
export async function appendTo(page: Page, label: RegExp, suffix: string): Promise<void> {
  const field = page.getByRole('textbox', { name: label }).first();
  try {
    // An existing entry's value is there once the editor has read the file.
    await page.waitForFunction(
      (element) => (element as HTMLInputElement | null)?.value !== '',
      await field.elementHandle(),
    );
    await field.click();
    await field.press('End');
    await field.pressSequentially(suffix);
  } catch (error) {
    const shot = path.join(screenshots, `cms-field-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    throw new Error(`No field ${String(label)} to edit at ${page.url()} (screenshot: ${shot})`, { cause: error });
  }
}

/** Where a failed step leaves a screenshot for people to look at (created by the caller). */
let screenshots = os.tmpdir();
export function screenshotsInto(dir: string): void {
  screenshots = dir;
}

/** Clicks Save and waits until the editor says the entry is saved. */
export async function save(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Save/ }).first().click();
  try {
    await page
      .getByText(/Entry (saved|created)/i)
      .last()
      .waitFor({ timeout: 20_000 });
    // The editor then goes back to the list; an address set before it has would be overridden.
    await page.waitForURL((url) => !/\/entries\/|\/new$/.test(url.hash), { timeout: 10_000 });
  } catch (error) {
    const shot = path.join(screenshots, `cms-save-failed-${Date.now()}.png`);
    await page.screenshot({ path: shot, fullPage: true });
    throw new Error(`The editor did not save (screenshot: ${shot})`, { cause: error });
  }
}
