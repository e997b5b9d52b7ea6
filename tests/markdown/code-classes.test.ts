import { describe, expect, test } from 'vitest';
import {
  CODE_THEME,
  codeClassesTransformer,
  codeThemeCss,
  colorClass,
  styleClasses,
} from '../../src/markdown/code-classes.ts';

describe('code classes', () => {
  test("turns Shiki's token styles into classes, and refuses a style it has no class for", () => {
    expect(styleClasses('color:#F0F3F6')).toEqual(['shc-f0f3f6']);
    expect(styleClasses('color:#FF9492;font-style:italic')).toEqual(['shc-ff9492', 'shf-italic']);
    expect(() => styleClasses('color:#fff;background:url(x)')).toThrow(
      /no class for the code style "background:url\(x\)"/,
    );
  });

  test('the transformer leaves no style attribute', () => {
    const pre = {
      type: 'element',
      tagName: 'pre',
      properties: { class: 'astro-code', style: 'background-color:#0a0c10' },
      children: [],
    };
    const span = { type: 'element', tagName: 'span', properties: { style: 'color:#72F088' }, children: [] };
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the hooks only read `properties`
    const context = {} as any;
    codeClassesTransformer.pre!.call(context, pre as never);
    codeClassesTransformer.span!.call(context, span as never, 1, 0, pre as never, { content: '', offset: 0 } as never);
    expect(pre.properties).toEqual({ class: 'astro-code' });
    expect(span.properties).toEqual({ class: 'shc-72f088' });
  });

  test("the stylesheet has the theme's block colours and a class for each token colour", async () => {
    const css = await codeThemeCss(CODE_THEME);
    expect(css).toMatch(/pre\.astro-code\.astro-code \{ background-color: #0a0c10; color: #f0f3f6;/);
    for (const color of ['#f0f3f6', '#ff9492', '#72f088', '#addcff', '#91cbff'])
      expect(css).toContain(`.astro-code .${colorClass(color)} { color: ${color}; }`);
    expect(css).toContain('.astro-code .shf-italic { font-style:italic; }');
  });
});
