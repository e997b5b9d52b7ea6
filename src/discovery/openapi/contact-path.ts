/**
 * The /api/contact path item: the contact form's endpoint (JSON or a form post) and its preflight.
 */
import { MAX_CONTACT_BODY_BYTES } from '../../http/contact.ts';
import { LEAD_LIMITS } from '../../leads/limits.ts';
import { DUPLICATE_WINDOW_MS } from '../../leads/submit.ts';
import {
  API,
  headerRefs,
  HTML_PAGE,
  jsonContent,
  preflightOperation,
  ref,
  type Json,
  type PathContext,
} from './refs.ts';

const HOUR_MS = 3_600_000;

/** Long: a literal OpenAPI path item, written as data. */
export function contactPathItem({ company }: PathContext): Json {
  return {
    post: {
      tags: ['contact'],
      operationId: 'postContact',
      summary: 'Send the contact form',
      description:
        `Files a contact request with the same validation, store, limits and duplicate suppression as the MCP tool start_conversation. ` +
        `A JSON request (\`Content-Type: application/json\`, what the form's JavaScript sends) gets JSON answers; ` +
        `a form post (\`application/x-www-form-urlencoded\`, the form without JavaScript) gets an HTML page: ` +
        `the confirmation with the reference, or the form again with the errors next to the fields. ` +
        `The same e-mail address and message again within ${DUPLICATE_WINDOW_MS / HOUR_MS} hours ` +
        `stores nothing new and returns the first reference (\`duplicate: true\`). ` +
        `Limits on new leads, shared with start_conversation: ` +
        `${LEAD_LIMITS.email.max} per e-mail address per ${LEAD_LIMITS.email.windowMs / HOUR_MS} hours, ` +
        `${LEAD_LIMITS.ip.max} per client IP per ` +
        `${LEAD_LIMITS.ip.windowMs / HOUR_MS === 1 ? 'hour' : `${LEAD_LIMITS.ip.windowMs / HOUR_MS} hours`}. ` +
        `Bodies of at most ${MAX_CONTACT_BODY_BYTES} bytes.`,
      requestBody: {
        required: true,
        content: {
          'application/x-www-form-urlencoded': { schema: ref('schemas', 'ContactFormRequest') },
          'application/json': {
            schema: ref('schemas', 'ContactJsonRequest'),
            examples: {
              contact: {
                summary: 'A contact request',
                value: {
                  name: 'Jane Doe',
                  email: 'jane@example.com',
                  company: 'Example Ltd',
                  message: 'We would like to talk about our data platform.',
                  consent: true,
                },
              },
            },
          },
        },
      },
      responses: {
        '200': {
          description:
            'The request was stored (or had been already: `duplicate`). JSON for a JSON request; the confirmation page with the reference for a form post.',
          headers: headerRefs(...API),
          content: { ...jsonContent('ContactAccepted'), ...HTML_PAGE },
        },
        '400': {
          description:
            'Not sent: the JSON body is not an object (`invalid_json`) ' +
            'or fields need correcting (`invalid_fields`, a message per field). ' +
            'A form post gets the form again with the errors next to the fields.',
          headers: headerRefs(...API),
          content: { ...jsonContent('ContactError'), ...HTML_PAGE },
        },
        '413': {
          description: `The body is larger than ${MAX_CONTACT_BODY_BYTES} bytes (\`payload_too_large\`).`,
          headers: headerRefs(...API),
          content: jsonContent('ContactError'),
        },
        '415': {
          description:
            'The body is neither `application/x-www-form-urlencoded` nor `application/json` (`unsupported_media_type`).',
          headers: headerRefs(...API),
          content: jsonContent('ContactError'),
        },
        '429': {
          description:
            `Not sent: a limit on new leads was reached (\`lead_limit\`; the message says which, when to try again and the address to write to instead), ` +
            `or the request rate limit (\`rate_limited\`, an ApiError). Wait \`Retry-After\` seconds. ` +
            `A form post over a lead limit gets the form again with the message.`,
          headers: headerRefs('Retry-After', ...API),
          content: {
            'application/json': { schema: { oneOf: [ref('schemas', 'ContactError'), ref('schemas', 'ApiError')] } },
            ...HTML_PAGE,
          },
        },
        '503': {
          description:
            `Not sent (\`store_unavailable\`): the lead store failed or is not set up, ` +
            `or this deployment could not load its contact form. ` +
            `Try again in a few minutes, or write to ${company.contactEmail}. ` +
            `A form post gets the form again with the message, or this JSON answer when the form could not be loaded.`,
          headers: headerRefs(...API),
          content: { ...jsonContent('ContactError'), ...HTML_PAGE },
        },
        '403': ref('responses', 'EdgeThrottled'),
      },
    },
    options: preflightOperation('contact', 'preflightContact'),
  };
}
