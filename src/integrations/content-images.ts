/**
 * The MDX side of the body images: a Sätteri plugin (Astro's MDX parser, astro.config.mjs) that
 * turns each `![alt](./images/x.jpg)` of a content file into `<ContentImage src="content/…/x.jpg">`
 * and points each `<Figure src="./images/x.svg">` at its file the same way, so the page templates
 * draw them from the site model's table of images (src/components/ContentImage.astro,
 * Figure.astro): responsive sources from the image CDN, width and height. Astro's own image
 * pipeline never sees them, so a translation's image found beside its original resolves as the
 * Markdown resolves it (src/model/images.ts), and the build's checks are the model's. A reference
 * the model would refuse is left as it is: the model's error, which names the file and line,
 * stops the build (or shows in the preview) first.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { MdastPluginEntry, MdxJsxAttributeNode, MdxJsxFlowElement, MdxJsxTextElement } from 'satteri';
import { originalFileOf, resolveImageReference } from '../model/images.ts';

/** The component an image of the body becomes, and the one editors write for a captioned figure. */
export const CONTENT_IMAGE = 'ContentImage';
export const FIGURE = 'Figure';

const attribute = (name: string, value: string): MdxJsxAttributeNode => ({ type: 'mdxJsxAttribute', name, value });

/** The plugin for the project at `root`, whose site publishes `languages` (the default first). */
export function contentImagesPlugin(root: string, languages: readonly string[]): MdastPluginEntry {
  const content = path.join(root, 'content') + path.sep;
  const reader = { exists: (file: string) => existsSync(path.join(root, file)) };
  return (context) => {
    const fileName = context.fileURL ? fileURLToPath(context.fileURL) : undefined;
    if (!fileName?.startsWith(content)) return null;
    const file = path.relative(root, fileName).split(path.sep).join('/');
    const fallback = originalFileOf(file, languages);
    const resolve = (reference: string): string | undefined => {
      try {
        return resolveImageReference(reference, file, reader, fallback);
      } catch {
        return undefined;
      }
    };
    const figure = (node: Readonly<MdxJsxFlowElement | MdxJsxTextElement>) => {
      if (node.name !== FIGURE) return undefined;
      let changed = false;
      const attributes = node.attributes.map((item) => {
        if (item.type !== 'mdxJsxAttribute' || item.name !== 'src' || typeof item.value !== 'string') return item;
        const target = resolve(item.value);
        if (!target) return item;
        changed = true;
        return attribute('src', target);
      });
      return changed ? { ...node, attributes } : undefined;
    };
    return {
      name: 'content-images',
      image(node) {
        const target = resolve(node.url);
        if (!target) return undefined;
        return {
          type: 'mdxJsxTextElement',
          name: CONTENT_IMAGE,
          attributes: [
            attribute('src', target),
            attribute('alt', node.alt ?? ''),
            ...(node.title ? [attribute('title', node.title)] : []),
          ],
          children: [],
        } satisfies MdxJsxTextElement;
      },
      mdxJsxFlowElement: figure,
      mdxJsxTextElement: figure,
    };
  };
}
