/**
 * How wide each kind of picture is drawn, as `sizes` and the widest box in CSS pixels (the
 * responsive sources go up to twice that): one place, beside the stylesheets that draw them.
 */

/** An image of an MDX body: the width of the text column (--prose, 42rem). */
export const PROSE_IMAGE = { sizes: '(min-width: 46rem) 42rem, calc(100vw - 2rem)', maxWidth: 672 } as const;

/** An entry's cover at the top of its page: the container's width (--max, 72rem, less its gutters). */
export const COVER_IMAGE = { sizes: '(min-width: 76rem) 72rem, calc(100vw - 2rem)', maxWidth: 1152 } as const;

/** A card's picture in a grid of cards: a third of the container on wide screens, half on tablets. */
export const CARD_IMAGE = {
  sizes: '(min-width: 68rem) 22rem, (min-width: 40rem) calc(50vw - 3rem), calc(100vw - 2rem)',
  maxWidth: 360,
} as const;

/** The home page's picture, beside the text on wide screens. */
export const HERO_IMAGE = { sizes: '(min-width: 64rem) 34rem, calc(100vw - 2rem)', maxWidth: 560 } as const;

/** A client's logo among a case study's facts. */
export const LOGO_IMAGE = { sizes: '10rem', maxWidth: 160 } as const;

/** A person's portrait on their card in the team's grid. */
export const PORTRAIT_CARD_IMAGE = { sizes: '6rem', maxWidth: 96 } as const;

/** A person's portrait at the top of their page. */
export const PORTRAIT_IMAGE = { sizes: '12rem', maxWidth: 192 } as const;
