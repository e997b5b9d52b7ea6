/**
 * The build refuses an editor's image mistakes as a whole build does: `astro build` of a copy of
 * this project stops with the file (and line) and what to do, before any page is written, so
 * nothing half-made can be deployed. (Each refusal on its own: tests/model/images.test.ts and
 * entry-images.test.ts.)
 */
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { projectCopy } from '../../scripts/bench/projects.ts';
import { astroBuildOutput } from '../support/astro-build.ts';

const BUILD_TIMEOUT_MS = 300_000;
const STUDY = 'content/case-studies/havenline-freight-route-data.mdx';

let project: string;
// A copy of the project (its packages as links) takes seconds; on a busy machine more than a hook's default 10.
beforeAll(() => {
  project = projectCopy('image-errors', true, { cards: true });
}, BUILD_TIMEOUT_MS);
afterAll(() => {
  if (project) rmSync(project, { recursive: true, force: true });
});

/** Builds the copy with `change` made to the case study's text; resolves with the build's failure. */
async function failedBuild(change: (text: string) => string): Promise<string> {
  const file = path.join(project, STUDY);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, change(original));
  rmSync(path.join(project, 'dist'), { recursive: true, force: true });
  try {
    await astroBuildOutput(project);
    throw new Error('the build succeeded');
  } catch (error) {
    return (error as Error).message;
  } finally {
    writeFileSync(file, original);
  }
}

/** The HTML pages in the copy's dist/ (none after a build that stopped on its content). */
const pagesBuilt = () =>
  existsSync(path.join(project, 'dist'))
    ? readdirSync(path.join(project, 'dist')).filter((name) => name.endsWith('.html'))
    : [];

describe('astro build with an image mistake', () => {
  test(
    'stops on an image without alt text, naming the file and line, and writes no page',
    async () => {
      const message = await failedBuild((text) =>
        text.replace('\n## ', '\n![](images/havenline-freight-route-data.jpg)\n\n## '),
      );
      expect(message).toMatch(
        /content\/case-studies\/havenline-freight-route-data\.mdx \(line \d+\): the image !\[\]\(images\/havenline-freight-route-data\.jpg\) has no alt text/,
      );
      expect(pagesBuilt()).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );

  test(
    'stops on a cover whose file is missing, naming the file, the field and where it looked',
    async () => {
      const message = await failedBuild((text) =>
        text.replace('src: images/havenline-freight-route-data.jpg', 'src: images/havenline-route.jpg'),
      );
      expect(message).toContain(
        'content/case-studies/havenline-freight-route-data.mdx: `cover.src`: "images/havenline-route.jpg" names no file: looked for content/case-studies/images/havenline-route.jpg',
      );
      expect(pagesBuilt()).toEqual([]);
    },
    BUILD_TIMEOUT_MS,
  );
});
