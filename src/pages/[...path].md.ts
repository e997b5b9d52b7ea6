/** The Markdown sibling of every HTML page: `/x` -> `/x.md`, `/` -> `/index.md`. */
import type { APIRoute, GetStaticPaths } from 'astro';
import { MARKDOWN_CONTENT_TYPE } from '../http/headers.ts';
import { getSiteModel } from '../site/collections.ts';
import type { SitePage } from '../site/model.ts';

export const getStaticPaths = (() =>
  getSiteModel().sitePages.map((page) => ({
    params: { path: page.markdownPath.slice(1, -'.md'.length) },
    props: { page },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ page: SitePage }> = ({ props }) =>
  new Response(props.page.markdown, { headers: { 'Content-Type': MARKDOWN_CONTENT_TYPE } });
