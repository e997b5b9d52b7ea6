/**
 * The /api/mcp/server-card path item: the MCP server card beside the endpoint (GET, HEAD without
 * a body), negotiated by Accept, revalidated with If-None-Match, and the preflight.
 */
import { SERVER_CARD_TYPES } from '../../http/server-card.ts';
import { ROUTES } from '../../site/routes.ts';
import { API, headerRefs, preflightOperation, ref, type Json, type PathContext } from './refs.ts';

/** Headers of the card's 200 and 304: the API's, the validator and the card's CORS. */
const CARD_HEADERS = ['ETag', 'Access-Control-Allow-Methods', 'Access-Control-Allow-Headers', ...API];

export function serverCardPathItem({ company, docsUrl }: PathContext): Json {
  const card = Object.fromEntries(SERVER_CARD_TYPES.map((type) => [type, { schema: ref('schemas', 'ServerCard') }]));
  const responses = (content: boolean) => ({
    '200': {
      description:
        `The server card: the same bytes as ${company.baseUrl}${ROUTES.serverCard}. ` +
        `Sent as \`${SERVER_CARD_TYPES[0]}\` unless the request's Accept names \`${SERVER_CARD_TYPES[1]}\` ` +
        `and not the card's type (then as \`${SERVER_CARD_TYPES[1]}\`).` +
        (content ? '' : ' No body.'),
      headers: headerRefs(...CARD_HEADERS),
      ...(content ? { content: card } : {}),
    },
    '304': {
      description: '`If-None-Match` names the current `ETag`: not modified, no body.',
      headers: headerRefs(...CARD_HEADERS),
    },
    '406': {
      description: `The \`Accept\` header allows neither ${SERVER_CARD_TYPES.map((type) => `\`${type}\``).join(' nor ')}.`,
      headers: headerRefs(...API),
      ...(content ? { content: { 'application/json': { schema: ref('schemas', 'ApiError') } } } : {}),
    },
    '429': ref('responses', 'RateLimited'),
    '403': ref('responses', 'EdgeThrottled'),
  });
  const parameters = [ref('parameters', 'IfNoneMatch')];
  return {
    get: {
      tags: ['discovery'],
      operationId: 'getServerCard',
      summary: 'The MCP server card',
      description: `The MCP server card at \`<endpoint>/server-card\`, the location MCP reserves for it. Full documentation: ${docsUrl}.`,
      parameters,
      responses: responses(true),
    },
    head: {
      tags: ['discovery'],
      operationId: 'headServerCard',
      summary: 'The MCP server card, headers only',
      parameters,
      responses: responses(false),
    },
    options: preflightOperation('discovery', 'preflightServerCard'),
  };
}
