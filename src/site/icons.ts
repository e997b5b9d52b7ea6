/**
 * The icons browsers and phones take for the site, once: the PNG files the build renders
 * (src/build/icons.ts) from /favicon.svg's image (the logo, or the company's initials), the
 * `<link>` tags of every page (src/components/SiteIcons.astro), the web app manifest's `icons`
 * (src/discovery/web-manifest.ts), the headers and the MCP Registry entry take their paths and
 * sizes from here. Dependency-free (the edge function imports the headers, which import this).
 *
 * Each icon is drawn one of three ways:
 * - `as-is`: the image as it is, transparent where it is (the PNG favicon, the manifest's `any`
 *   icons: tabs, bookmarks and desktop shortcuts show them on their own background);
 * - `opaque`: on a solid background, because iOS fills an apple-touch-icon's transparency with
 *   black and rounds its corners itself;
 * - `safe-zone`: on a solid background, the image small enough to stay whole inside the central
 *   circle of 80 % that every launcher's mask keeps (the manifest's `maskable` icon: Android crops
 *   it to a circle, a squircle or a rounded square).
 */

export type IconDrawing = 'as-is' | 'opaque' | 'safe-zone';

export interface SiteIcon {
  /** Where it is published. */
  path: string;
  /** Its width and height in pixels. */
  size: number;
  drawing: IconDrawing;
}

export const ICONS = {
  /** The PNG favicon beside /favicon.svg, for browsers that do not take SVG favicons. */
  favicon: { path: '/favicon-32x32.png', size: 32, drawing: 'as-is' },
  /** iOS's home screen and Safari's bookmarks; asked for at this path even by pages that do not link it. */
  touch: { path: '/apple-touch-icon.png', size: 180, drawing: 'opaque' },
  /** The manifest's icons: the two sizes Chrome asks for, and the maskable one for Android's launchers. */
  small: { path: '/icon-192.png', size: 192, drawing: 'as-is' },
  large: { path: '/icon-512.png', size: 512, drawing: 'as-is' },
  maskable: { path: '/icon-maskable-512.png', size: 512, drawing: 'safe-zone' },
} as const satisfies Record<string, SiteIcon>;

/** The icons the manifest lists, in its order. */
export const MANIFEST_ICONS: readonly SiteIcon[] = [ICONS.small, ICONS.large, ICONS.maskable];

/** The web app manifest: the site's name, colours and icons for browsers and home screens. */
export const WEB_MANIFEST = { path: '/manifest.webmanifest', contentType: 'application/manifest+json' } as const;

/** Every icon file the build publishes. */
export const ICON_FILES: readonly SiteIcon[] = Object.values(ICONS);

/** An icon's `sizes` as HTML and manifests write it: `180x180`. */
export const sizesOf = (icon: Pick<SiteIcon, 'size'>): string => `${icon.size}x${icon.size}`;

/**
 * The pages' background (--paper in src/styles/global.css): the manifest's background colour, and
 * what an opaque icon is drawn on when the image has no background of its own, since the header
 * shows the logo on it.
 */
export const PAGE_BACKGROUND = '#ffffff';
