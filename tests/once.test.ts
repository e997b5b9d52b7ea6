import { describe, expect, it } from 'vitest';
import { once, onceEach } from '../src/once.ts';

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

describe('onceEach', () => {
  it('loads each key once, shares it, and forgets only that key when its load fails', async () => {
    const calls: string[] = [];
    const load = onceEach((key) => {
      calls.push(key);
      return key === 'bad' && calls.filter((called) => called === 'bad').length === 1
        ? Promise.reject(new Error('bad fails once'))
        : Promise.resolve({ key });
    });
    const [a, b] = await Promise.all([load('nl'), load('nl')]);
    expect(a).toBe(b);
    expect(await load('pt')).toEqual({ key: 'pt' });
    expect(await load('nl')).toBe(a);
    await expect(load('bad')).rejects.toThrow('bad fails once');
    expect(await load('bad')).toEqual({ key: 'bad' });
    expect(calls).toEqual(['nl', 'pt', 'bad', 'bad']);
  });
});
