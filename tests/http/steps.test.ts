/**
 * compose (src/http/steps.ts): steps run in their order, each may answer or pass on with next()
 * and change what comes back, and the two mistakes (next() twice, next() from the last step)
 * reject the answer instead of answering something.
 */
import { describe, expect, test } from 'vitest';
import { compose, type Step } from '../../src/http/steps.ts';

interface Trail {
  seen: string[];
}

/** A step that notes its name going in and coming out, and marks the answer with a header. */
const around =
  (name: string): Step<Trail> =>
  async (trail, next) => {
    trail.seen.push(`${name} in`);
    const response = await next();
    trail.seen.push(`${name} out`);
    response.headers.append('x-trail', name);
    return response;
  };

const answer =
  (status: number): Step<Trail> =>
  (trail) => {
    trail.seen.push(`answer ${status}`);
    return Promise.resolve(new Response(null, { status }));
  };

describe('compose', () => {
  test('runs the steps in their order, and each sees the answer of the steps after it', async () => {
    const trail: Trail = { seen: [] };
    const response = await compose([around('first'), around('second'), answer(204)])(trail);
    expect(response.status).toBe(204);
    expect(trail.seen).toEqual(['first in', 'second in', 'answer 204', 'second out', 'first out']);
    expect(response.headers.get('x-trail')).toBe('second, first');
  });

  test('a step that answers stops there: the steps after it never run', async () => {
    const trail: Trail = { seen: [] };
    const refuse: Step<Trail> = () => Promise.resolve(new Response('no', { status: 403 }));
    const response = await compose([around('outer'), refuse, answer(200)])(trail);
    expect(response.status).toBe(403);
    expect(await response.text()).toBe('no');
    expect(trail.seen).toEqual(['outer in', 'outer out']);
  });

  test('a step may replace the answer that comes back', async () => {
    const replace: Step<Trail> = async (_trail, next) => {
      const response = await next();
      return new Response(null, { status: response.status + 1 });
    };
    expect((await compose([replace, answer(200)])({ seen: [] })).status).toBe(201);
  });

  test('each request runs the steps afresh', async () => {
    const composed = compose([around('only'), answer(200)]);
    const one: Trail = { seen: [] };
    const two: Trail = { seen: [] };
    await composed(one);
    await composed(two);
    expect(two.seen).toEqual(one.seen);
  });

  test('next() called twice, or by the last step, rejects; so does a step that throws', async () => {
    const twice: Step<Trail> = async (_trail, next) => {
      await next();
      return next();
    };
    await expect(compose([twice, answer(200)])({ seen: [] })).rejects.toThrow('step 0 called next() twice');
    const passes: Step<Trail> = (_trail, next) => next();
    await expect(compose([around('a'), passes])({ seen: [] })).rejects.toThrow('step 1, the last, called next()');
    const throws: Step<Trail> = () => {
      throw new Error('broken step');
    };
    await expect(compose([around('a'), throws])({ seen: [] })).rejects.toThrow('broken step');
    expect(() => compose<Trail>([])).toThrow('compose needs a step that answers');
  });
});
