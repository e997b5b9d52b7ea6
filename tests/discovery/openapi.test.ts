import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { EDGE_FIREWALL } from '../../src/discovery/edge-firewall.ts';
import { openApiDocument } from '../../src/discovery/openapi.ts';
import { CONTACT_ERRORS, MAX_CONTACT_BODY_BYTES } from '../../src/http/contact.ts';
import { COMMON_HEADERS } from '../../src/http/headers.ts';
import { LEAD_LIMITS } from '../../src/leads/limits.ts';
import { MAX_BODY_BYTES, RATE_LIMIT_POLICY } from '../../src/http/limits.ts';
import { MAX_BATCH_LENGTH } from '../../src/mcp/limits.ts';
import { SUPPORTED_PROTOCOL_VERSIONS } from '../../src/mcp/versions.ts';
import { RPC_ERRORS } from '../../src/mcp/jsonrpc.ts';
import { methodsOf } from '../../src/mcp/methods.ts';
import { fixtureCompany } from './fixtures.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the test walks the document as read JSON; its shape is what it checks
type Doc = Record<string, any>;

async function validate(document: unknown) {
  return new Validator().validate(structuredClone(document) as Record<string, unknown>);
}

describe('openApiDocument', () => {
  const doc: Doc = openApiDocument(fixtureCompany);

  test("names every method of the server's table (src/mcp/methods.ts) for each era", () => {
    const { description } = doc.paths['/api/mcp'].post as { description: string };
    const legacy = /Methods of the 2025 revisions: ([^;]+);/.exec(description)![1]!;
    const modern = /; of 2026-07-28: ([^.]+)\./.exec(description)![1]!;
    expect(legacy.split(', ')).toEqual(methodsOf('legacy'));
    expect(modern.split(', ')).toEqual(methodsOf('modern'));
  });

  test("describes each JSON-RPC error under the HTTP status the server's table gives it", () => {
    const responses = doc.paths['/api/mcp'].post.responses as Record<string, { description?: string }>;
    for (const row of Object.values(RPC_ERRORS)) {
      for (const status of new Set([row.status.legacy, row.status.modern])) {
        if (status === 200) continue; // JSON-RPC errors sent with 200 ride in the ordinary response
        expect(responses[String(status)]?.description, `${row.code} -> ${status}`).toContain(
          `${row.code}: ${row.when}`,
        );
      }
    }
  });

  test('is a valid OpenAPI 3.1.0 document', async () => {
    const result = await validate(doc);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.0.0');
  });

  test('the validator does reject a broken document', async () => {
    const broken = structuredClone(doc);
    delete broken.paths['/api/health'].get.responses['200'].description;
    expect((await validate(broken)).valid).toBe(false);
  });

  test('names both hosts as servers', () => {
    expect(doc.servers.map((server: Doc) => server.url)).toEqual([
      'https://www.fieldstone.example',
      'https://agents.fieldstone.example',
    ]);
  });

  test('describes every status of the contract', () => {
    const mcp = doc.paths['/api/mcp'];
    expect(Object.keys(mcp.post.responses).sort()).toEqual([
      '200',
      '202',
      '400',
      '403',
      '404',
      '406',
      '413',
      '415',
      '429',
      '500',
    ]);
    expect(Object.keys(mcp.get.responses).sort()).toEqual(['403', '405', '429']);
    expect(Object.keys(mcp.options.responses)).toEqual(['204']);
    expect(Object.keys(doc.paths['/api/health'].get.responses).sort()).toEqual(['200', '403', '429']);
    expect(mcp.post.responses['200'].content['application/json'].schema.oneOf).toEqual([
      { $ref: '#/components/schemas/JsonRpcResponse' },
      { $ref: '#/components/schemas/JsonRpcBatchResponse' },
    ]);
    expect(mcp.post.responses['202'].content).toBeUndefined();
    expect(doc.info.description).toMatch(/Unknown paths under \/api\/ answer 404/);
  });

  test('documents the headers from their single definitions', () => {
    const headers = doc.components.headers;
    expect(headers['MCP-Protocol-Version'].schema.enum).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    expect(doc.components.parameters.McpProtocolVersion.schema.enum).toEqual([...SUPPORTED_PROTOCOL_VERSIONS]);
    expect(headers['RateLimit-Policy'].schema.example).toBe(RATE_LIMIT_POLICY);
    expect(headers.Link.schema.example).toBe(COMMON_HEADERS.Link);
    expect(headers[EDGE_FIREWALL.header].schema.enum).toEqual(['deny']);
    expect(EDGE_FIREWALL.header).toBe('x-nf-mitigated');
    const ok = doc.paths['/api/mcp'].post.responses['200'].headers;
    expect(Object.keys(ok)).toEqual(
      expect.arrayContaining([
        'MCP-Protocol-Version',
        'RateLimit-Policy',
        'RateLimit-Limit',
        'RateLimit-Remaining',
        'RateLimit-Reset',
        'Link',
        'Vary',
      ]),
    );
    expect(Object.keys(doc.paths['/api/mcp'].get.responses['405'].headers)).toEqual(
      expect.arrayContaining(['Allow', 'RateLimit-Limit']),
    );
    expect(headers.Allow.schema.example).toBe('POST, OPTIONS');
    expect(Object.keys(doc.paths['/api/mcp'].options.responses['204'].headers)).toEqual(
      expect.arrayContaining([
        'Access-Control-Allow-Origin',
        'Access-Control-Allow-Methods',
        'Access-Control-Allow-Headers',
      ]),
    );
    expect(headers['Access-Control-Allow-Origin'].schema.example).toBe('*');
    expect(Object.keys(doc.components.responses.RateLimited.headers)).toContain('Retry-After');
    const throttled = doc.components.responses.EdgeThrottled;
    expect(Object.keys(throttled.content)).toEqual(['text/plain']);
    expect(Object.keys(throttled.headers)).toEqual(['x-nf-mitigated']);
  });

  test('its body schemas accept real messages and reject wrong ones', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    const schemas = doc.components.schemas;
    for (const [name, schema] of Object.entries(schemas))
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const check = (name: string, value: unknown) => ajv.validate(`#/components/schemas/${name}`, value);
    expect(check('JsonRpcRequest', { jsonrpc: '2.0', id: 1, method: 'tools/list' })).toBe(true);
    expect(check('JsonRpcRequest', { jsonrpc: '1.0', id: 1, method: 'tools/list' })).toBe(false);
    expect(
      check('JsonRpcResponse', { jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }),
    ).toBe(true);
    expect(check('JsonRpcResponse', { jsonrpc: '2.0', result: {} })).toBe(false);
    expect(
      check('ApiError', {
        error: { code: 'not_found', message: 'No such path.', docs: 'https://www.fieldstone.example/mcp.md' },
      }),
    ).toBe(true);
    expect(check('ApiError', { error: { message: 'no code' } })).toBe(false);
    expect(check('Health', { status: 'ok', time: '2026-11-20T10:00:00Z' })).toBe(true);
    expect(check('Health', { status: 'down' })).toBe(false);
  });

  test('describes POST and OPTIONS /api/contact: both request bodies, every status, HTML for form posts', () => {
    const contact = doc.paths['/api/contact'];
    expect(Object.keys(contact).sort()).toEqual(['options', 'post']);
    expect(Object.keys(contact.post.requestBody.content).sort()).toEqual([
      'application/json',
      'application/x-www-form-urlencoded',
    ]);
    expect(Object.keys(contact.post.responses).sort()).toEqual(['200', '400', '403', '413', '415', '429', '503']);
    expect(Object.keys(contact.options.responses)).toEqual(['204']);
    for (const status of ['200', '400', '429', '503']) {
      expect(Object.keys(contact.post.responses[status].content).sort(), status).toEqual([
        'application/json',
        'text/html',
      ]);
    }
    for (const status of ['413', '415'])
      expect(contact.post.responses[status].content['application/json'].schema).toEqual({
        $ref: '#/components/schemas/ContactError',
      });
    expect(contact.post.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ContactAccepted',
    });
    expect(Object.keys(contact.post.responses['429'].headers)).toContain('Retry-After');
    expect(contact.post.responses['413'].description).toContain(`${MAX_CONTACT_BODY_BYTES} bytes`);
    // Each error code of the endpoint's table is described under the status the handler answers it with.
    for (const [code, status] of Object.entries(CONTACT_ERRORS))
      expect(contact.post.responses[String(status)].description, code).toContain(`\`${code}\``);
    expect(contact.post.description).toContain(
      `${LEAD_LIMITS.email.max} per e-mail address per 24 hours, ${LEAD_LIMITS.ip.max} per client IP per hour`,
    );
    expect(doc.components.schemas.ContactJsonRequest.required).toEqual(
      expect.arrayContaining(['name', 'email', 'message', 'consent']),
    );
  });

  test('the contact schemas accept what the endpoint takes and answers, and reject wrong bodies', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats(ajv);
    for (const [name, schema] of Object.entries(doc.components.schemas))
      ajv.addSchema(schema as object, `#/components/schemas/${name}`);
    const check = (name: string, value: unknown) => ajv.validate(`#/components/schemas/${name}`, value);
    const fields = {
      name: 'Jane Doe',
      email: 'jane@example.com',
      message: 'We would like to talk about our data platform.',
    };
    expect(check('ContactJsonRequest', { ...fields, consent: true })).toBe(true);
    expect(check('ContactJsonRequest', { ...fields, company: 'Example Ltd', consent: 'yes', website: '' })).toBe(true);
    expect(check('ContactJsonRequest', fields)).toBe(false);
    expect(check('ContactJsonRequest', { ...fields, email: 'not-an-address', consent: true })).toBe(false);
    expect(check('ContactJsonRequest', { ...fields, message: 'short', consent: true })).toBe(false);
    expect(check('ContactFormRequest', Object.fromEntries(new URLSearchParams({ ...fields, consent: 'yes' })))).toBe(
      true,
    );
    expect(check('ContactFormRequest', { ...fields, consent: true })).toBe(false);
    expect(check('ContactAccepted', { reference: 'NB-7K3M-Q9XD', duplicate: false, message: 'Thank you.' })).toBe(true);
    expect(check('ContactAccepted', { reference: 'NB-7K3M-Q9XD' })).toBe(false);
    expect(
      check('ContactError', {
        error: { code: 'invalid_fields', message: 'Not sent.', fields: { email: 'email is not an e-mail address' } },
      }),
    ).toBe(true);
    expect(check('ContactError', { error: { code: 'lead_limit', message: 'Not sent: try again later.' } })).toBe(true);
    expect(check('ContactError', { error: { code: 'no_such_code', message: 'x' } })).toBe(false);
  });

  test('states the body and batch limits of src/http/limits.ts', () => {
    expect(doc.components.schemas.JsonRpcBatch.maxItems).toBe(MAX_BATCH_LENGTH);
    expect(doc.paths['/api/mcp'].post.responses['413'].description).toContain(`${MAX_BODY_BYTES} bytes`);
  });
});
