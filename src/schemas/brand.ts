/**
 * `colors` in content/company.yaml: the brand's colours. The site's stylesheet (its buttons,
 * borders, dark bands and highlight), the browser's `theme-color` and the share cards use them;
 * without them, the template's own. Each is checked for the contrast its text needs, so a
 * company's colours keep the pages readable (WCAG 2 AA) and the accessibility score at 100.
 */
import { z } from 'zod';
import { fieldsOf } from './fields.ts';
import { contrast, HEX_COLOR, shadeWithContrast } from '../site/colors.ts';

/** The template's colours: what a site without `colors` shows. */
export const DEFAULT_COLORS = { primary: '#0b4f6c', accent: '#f2a541', dark: '#0d2236' } as const;

/** The contrast each colour needs against the text drawn on it. */
export const COLOR_CONTRAST = {
  /** White text on buttons of the primary colour, and primary-coloured text on white. */
  primary: 4.5,
  /** White and light grey text on the dark bands (footer, home hero, quotes, code): 7 against white leaves the greys 4.5. */
  dark: 7,
  /** Dark-coloured text on accent buttons, and accent-coloured text on the dark bands. */
  accent: 4.5,
} as const;

const hexColor = (field: string, example: string) =>
  z
    .string({ error: `\`colors.${field}\` must be a colour written #rrggbb, e.g. \`${field}: "${example}"\`` })
    .trim()
    .toLowerCase()
    .regex(HEX_COLOR, {
      error: `\`colors.${field}\` must be a colour written #rrggbb (six hex digits, in quotes), e.g. \`${field}: "${example}"\``,
    });

export const colorsSchema = fieldsOf(
  '`colors`',
  {
    /** The brand's main colour, written "#rrggbb": buttons, links' hover, card borders and the share cards' title band. White text must be readable on it (contrast 4.5:1). */
    primary: hexColor('primary', DEFAULT_COLORS.primary).default(DEFAULT_COLORS.primary),
    /** The highlight colour, written "#rrggbb": the accent lines, the home page's main button and highlights on the dark bands. It must stand out on the dark colour (contrast 4.5:1). */
    accent: hexColor('accent', DEFAULT_COLORS.accent).default(DEFAULT_COLORS.accent),
    /** The dark colour, written "#rrggbb": the footer, the home page's hero, quotes, and the browser's theme colour. White text must be very readable on it (contrast 7:1). */
    dark: hexColor('dark', DEFAULT_COLORS.dark).default(DEFAULT_COLORS.dark),
  },
  '`colors` holds `primary`, `accent` and `dark`, each written "#rrggbb"',
)
  .superRefine((colors, context) => {
    const check = (field: keyof typeof COLOR_CONTRAST, against: string, what: string) => {
      const ratio = contrast(colors[field], against);
      if (ratio >= COLOR_CONTRAST[field]) return;
      context.addIssue({
        code: 'custom',
        path: [field],
        message:
          `\`colors.${field}\` ${colors[field]} has a contrast of ${ratio.toFixed(1)}:1 with ${what}, which needs ${COLOR_CONTRAST[field]}:1 to stay readable; ` +
          `the nearest shade that has it is "${shadeWithContrast(colors[field], against, COLOR_CONTRAST[field])}"`,
      });
    };
    check('primary', '#ffffff', 'the white text on it');
    check('dark', '#ffffff', 'the white text on it');
    check('accent', colors.dark, `the dark colour ${colors.dark}`);
  })
  .default(DEFAULT_COLORS);

export type BrandColors = z.output<typeof colorsSchema>;
