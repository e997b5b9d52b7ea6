import { describe, expect, it } from 'vitest';
import { once } from '../src/once.ts';

describe('once', () => {
  it('starts the load once and shares it between concurrent and later calls', async () => {
    let calls = 0;
    const load = once(() => {
      calls += 1;
      return Promise.resolve({ n: calls });
    });
    const [a, b] = await Promise.all([load(), load()]);
    const c = await load();
    expect(calls).toBe(1);
    expect(a).toBe(b);
    expect(c).toBe(a);
  });

  it('forgets a rejected load, so the next call tries again', async () => {
    let calls = 0;
    const load = once(() => {
      calls += 1;
      return calls === 1 ? Promise.reject(new Error('first load fails')) : Promise.resolve('loaded');
    });
    await expect(load()).rejects.toThrow('first load fails');
    await expect(load()).resolves.toBe('loaded');
    await expect(load()).resolves.toBe('loaded');
    expect(calls).toBe(2);
  });
});
