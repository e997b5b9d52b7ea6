/**
 * The /api/health path item: liveness (GET, and HEAD without a body) and the preflight.
 */
import { API, headerRefs, jsonContent, preflightOperation, ref, type Json } from './refs.ts';

export function healthPathItem(): Json {
  const responses = (content: boolean) => ({
    '200': {
      description: content ? 'The function answers.' : 'The function answers (no body).',
      headers: headerRefs(...API),
      ...(content ? { content: jsonContent('Health') } : {}),
    },
    '429': ref('responses', 'RateLimited'),
    '403': ref('responses', 'EdgeThrottled'),
  });
  return {
    get: { tags: ['health'], operationId: 'getHealth', summary: 'Liveness', responses: responses(true) },
    head: {
      tags: ['health'],
      operationId: 'headHealth',
      summary: 'Liveness, headers only',
      responses: responses(false),
    },
    options: preflightOperation('health', 'preflightHealth'),
  };
}
