import { describe, expect, it } from 'vitest';
import { createMemo } from '../src/memo.ts';

/** A memo of `size` whose computations count their calls per key. */
function counted<V>(size: number, value: (key: string) => V | Promise<V>) {
  const calls = new Map<string, number>();
  const memo = createMemo<V>(size);
  const get = (key: string) =>
    memo(key, async () => {
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return value(key);
    });
  return { get, calls: (key: string) => calls.get(key) ?? 0 };
}

describe('createMemo', () => {
  it('gives concurrent and later calls of a key the same value from one computation', async () => {
    const { get, calls } = counted(4, (key) => ({ key }));
    const [a, b] = await Promise.all([get('x'), get('x')]);
    expect(a).toBe(b);
    expect(await get('x')).toBe(a);
    expect(calls('x')).toBe(1);
  });

  it('drops the least recently used key once full; a hit counts as a use', async () => {
    const { get, calls } = counted(2, (key) => key.toUpperCase());
    await get('a');
    await get('b');
    await get('a'); // a is now the most recently used
    await get('c'); // drops b
    await get('a');
    expect(calls('a')).toBe(1);
    await get('b');
    expect(calls('b')).toBe(2);
  });

  it('keeps neither a failure nor an undefined answer', async () => {
    let fail = true;
    const { get, calls } = counted<string | undefined>(2, (key) => {
      if (key === 'nothing') return undefined;
      if (fail) throw new Error('not yet');
      return key;
    });
    await expect(get('k')).rejects.toThrow('not yet');
    fail = false;
    await expect(get('k')).resolves.toBe('k');
    expect(calls('k')).toBe(2);
    await get('nothing');
    await get('nothing');
    expect(calls('nothing')).toBe(2);
    // Unknown keys did not push the known one out.
    await get('k');
    expect(calls('k')).toBe(2);
  });
});
