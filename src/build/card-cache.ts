/**
 * Where the build keeps what it draws between builds (the share cards, the logo's PNG and the
 * icons), relative to the project: under node_modules/.cache, which Netlify keeps between deploys
 * with the dependencies. A module of its own so that what needs only the folder (a test's copy of
 * the project, the icons) does not load the drawing code (satori, sharp).
 */
export const CARD_CACHE_DIR = 'node_modules/.cache/share-cards';
