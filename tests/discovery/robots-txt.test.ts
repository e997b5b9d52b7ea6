import { describe, expect, test } from 'vitest';
import { contentSignalValue, robotsTxt } from '../../src/discovery/robots-txt.ts';
import { fixtureCompany } from './fixtures.ts';

describe('robotsTxt', () => {
  test('allows everything, states the content signals in the same group and names the sitemap', () => {
    expect(robotsTxt(fixtureCompany)).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n\n' +
        'Sitemap: https://www.fieldstone.example/sitemap.xml\n',
    );
  });

  test('names the ARD manifest in an Agentmap line when company.yaml asks for it', () => {
    expect(robotsTxt({ ...fixtureCompany, agentmap: true })).toBe(
      'User-agent: *\nContent-Signal: search=yes, ai-input=yes, ai-train=no\nAllow: /\n\n' +
        'Sitemap: https://www.fieldstone.example/sitemap.xml\nAgentmap: https://www.fieldstone.example/.well-known/ard.json\n',
    );
  });

  test('follows the company facts', () => {
    expect(contentSignalValue({ search: false, aiInput: true, aiTrain: true })).toBe(
      'search=no, ai-input=yes, ai-train=yes',
    );
  });
});
