import { describe, expect, test } from 'vitest';
import { applyCacheHeaders, CACHE_HEADERS } from '../../src/http/cache-headers.ts';
import {
  applySecurityHeaders,
  HSTS_HEADER,
  HSTS_PRELOAD,
  PAGE_CSP,
  RESOURCE_CSP,
  securityHeaders,
} from '../../src/http/security-headers.ts';

const directives = (policy: string) =>
  new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );

describe('security headers', () => {
  test('the page policy allows no inline code and nothing from other origins', () => {
    const policy = directives(PAGE_CSP);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    for (const [name, values] of policy) {
      for (const value of values) expect(["'self'", "'none'", 'data:'], `${name} ${value}`).toContain(value);
      if (name !== 'img-src') expect(values, name).not.toContain('data:');
    }
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
  });

  test('HSTS: two years with subdomains, preload only when HSTS_PRELOAD says so', () => {
    expect(HSTS_HEADER).toMatch(/^max-age=63072000; includeSubDomains/);
    expect(HSTS_HEADER.endsWith('; preload')).toBe(HSTS_PRELOAD);
  });

  test('HTML gets the page policy, everything else the resource policy; CORP follows CORS', () => {
    expect(securityHeaders({ contentType: 'text/html; charset=utf-8' })['Content-Security-Policy']).toBe(PAGE_CSP);
    for (const type of ['application/json', 'text/markdown; charset=utf-8', 'image/svg+xml', null])
      expect(securityHeaders({ contentType: type })['Content-Security-Policy'], String(type)).toBe(RESOURCE_CSP);
    expect(securityHeaders({ contentType: 'application/json', public: true })['Cross-Origin-Resource-Policy']).toBe(
      'cross-origin',
    );
    expect(securityHeaders({ contentType: 'text/html' })['Cross-Origin-Resource-Policy']).toBe('same-origin');
  });

  test('applying them replaces earlier values instead of doubling them', () => {
    const headers = new Headers({
      'Content-Type': 'application/json',
      'Access-Control-Allow-Origin': '*',
      'X-Frame-Options': 'SAMEORIGIN',
    });
    applySecurityHeaders(headers);
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('content-security-policy')).toBe(RESOURCE_CSP);
    expect(headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});

describe('cache headers', () => {
  test('assets are immutable, the API and errors never stored', () => {
    expect(CACHE_HEADERS.asset['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(CACHE_HEADERS.api['Cache-Control']).toBe('no-store');
    expect(CACHE_HEADERS.error['Cache-Control']).toBe('no-store');
  });

  test('pages revalidate in browsers and stay on the CDN; files five minutes', () => {
    expect(CACHE_HEADERS.page['Cache-Control']).toBe('public, max-age=0, must-revalidate');
    expect(CACHE_HEADERS.page['Netlify-CDN-Cache-Control']).toMatch(/max-age=31536000/);
    expect(CACHE_HEADERS.file['Cache-Control']).toBe('public, max-age=300');
  });

  test('applying a kind removes a CDN lifetime it does not have', () => {
    const headers = new Headers({ 'Netlify-CDN-Cache-Control': 'public, max-age=60' });
    applyCacheHeaders(headers, 'api');
    expect(headers.get('netlify-cdn-cache-control')).toBeNull();
    expect(headers.get('cache-control')).toBe('no-store');
  });
});
