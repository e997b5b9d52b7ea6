/**
 * The page actions' copy (src/browser/page-actions.ts): the text fetched from the page's `.md`
 * sibling goes to the clipboard unchanged, through a ClipboardItem where the browser has one and
 * through writeText where that write fails or there is none; a failed fetch copies nothing.
 * tests/integration/browser.test.ts does the same in Chromium against the served site.
 */
import { describe, expect, test, vi } from 'vitest';
import { copyPageMarkdown, type CopyEnvironment } from '../../src/browser/page-actions.ts';

const MARKDOWN = '# Planear vagas de migração\n\nTexto com “aspas”, 物流 e uma linha final.\n';

class FakeItem {
  constructor(readonly items: Record<string, Promise<Blob>>) {}
}

function environment(options: { status?: number; write?: 'ok' | 'refuses' | 'absent'; item?: boolean } = {}) {
  const fetch = vi.fn((_input: string, _init?: RequestInit) =>
    Promise.resolve(new Response(MARKDOWN, { status: options.status ?? 200 })),
  );
  const written: unknown[] = [];
  const writeText = vi.fn((text: string) => {
    written.push(text);
    return Promise.resolve();
  });
  const write = vi.fn(async (items: FakeItem[]) => {
    if (options.write === 'refuses') throw new Error('NotAllowedError');
    written.push(await (await items[0]!.items['text/plain']!).text());
  });
  const clipboard = options.write === 'absent' ? { writeText } : { writeText, write };
  const env = {
    fetch,
    clipboard,
    ClipboardItem: options.item === false ? undefined : FakeItem,
  } as unknown as CopyEnvironment;
  return { env, fetch, write, writeText, written };
}

describe('copyPageMarkdown', () => {
  test('fetches the .md sibling as Markdown and writes its text through a ClipboardItem, unchanged', async () => {
    const { env, fetch, write, writeText, written } = environment();
    await copyPageMarkdown('/pt/insights/x.md', env);
    expect(fetch).toHaveBeenCalledWith('/pt/insights/x.md', { headers: { Accept: 'text/markdown' } });
    expect(write).toHaveBeenCalledTimes(1);
    expect(writeText).not.toHaveBeenCalled();
    expect(written).toEqual([MARKDOWN]);
  });

  test('falls back to writeText where the ClipboardItem write fails, where write is missing, and without ClipboardItem', async () => {
    for (const options of [{ write: 'refuses' as const }, { write: 'absent' as const }, { item: false }]) {
      const { env, writeText, written } = environment(options);
      await copyPageMarkdown('/x.md', env);
      expect(writeText, JSON.stringify(options)).toHaveBeenCalledWith(MARKDOWN);
      expect(written.at(-1)).toBe(MARKDOWN);
    }
  });

  test('a Markdown file that cannot be had copies nothing and rejects, naming the address and status', async () => {
    const { env, writeText, written } = environment({ status: 404 });
    await expect(copyPageMarkdown('/gone.md', env)).rejects.toThrow('/gone.md answered 404');
    expect(writeText).not.toHaveBeenCalled();
    expect(written).toEqual([]);
  });
});
