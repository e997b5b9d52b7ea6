import { describe, expect, test } from 'vitest';
import { renderContactForm } from '../../src/http/contact-html.ts';
import { CONTACT_TOOL_NAME, contactToolDeclaration } from '../../src/http/contact-tool.ts';
import { HONEYPOT_FIELD } from '../../src/leads/consent.ts';
import { LEAD_FIELD_DESCRIPTIONS } from '../../src/leads/schema.ts';
import { TOOLS } from '../../src/mcp/tools/index.ts';
import { sampleArtefacts, sampleModel } from '../support/sample-site.ts';

const site = { name: 'Quillfeather & Daughters', followUp: { who: 'a founder', how: 'by phone' } };
const strings = sampleModel().strings.contact;
const declaration = contactToolDeclaration(site, strings.consentStatement);
const text = { strings, locale: 'en-GB', privacyPath: '/privacy' };

/** The attributes of the first tag matching `tag` in `html`, as name -> value (entities decoded). */
function attributes(html: string, tag: RegExp): Record<string, string> {
  const found = tag.exec(html);
  if (!found) throw new Error(`no tag matching ${tag}`);
  const decode = (value: string) =>
    value
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
  return Object.fromEntries(
    [...found[0].matchAll(/\s([a-z-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name!, decode(value ?? '')]),
  );
}

describe('contactToolDeclaration', () => {
  test("is start_conversation: an MCP tool that changes something, so not registered in the page's tool file", () => {
    expect(TOOLS.map((tool) => tool.name)).toContain(CONTACT_TOOL_NAME);
    const descriptor = sampleArtefacts().tools.find((tool) => tool.name === CONTACT_TOOL_NAME);
    expect(descriptor?.annotations.readOnlyHint).toBe(false);
  });

  test("is made from the company's facts, with nothing of another company", () => {
    expect(declaration.description).toContain('Quillfeather & Daughters');
    expect(declaration.description).toContain('a founder replies by phone');
    expect(declaration.description).not.toMatch(/Northbeam/);
  });

  test("the consent field quotes the statement the page shows, in the page's language", () => {
    const portuguese = sampleModel().languages.models.get('pt')!.strings.contact.consentStatement;
    expect(contactToolDeclaration(site, portuguese).fields.consent).toContain(`"${portuguese}"`);
    expect(declaration.fields.consent).toContain(`"${strings.consentStatement}"`);
  });

  test("describes the lead fields in start_conversation's own words", () => {
    const input = sampleArtefacts().tools.find((tool) => tool.name === CONTACT_TOOL_NAME)!.inputSchema as {
      properties: Record<string, { description?: string }>;
    };
    for (const field of Object.keys(LEAD_FIELD_DESCRIPTIONS) as (keyof typeof LEAD_FIELD_DESCRIPTIONS)[]) {
      expect(declaration.fields[field]).toBe(LEAD_FIELD_DESCRIPTIONS[field]);
      expect(input.properties[field]?.description).toBe(LEAD_FIELD_DESCRIPTIONS[field]);
    }
  });
});

describe('renderContactForm with the tool declaration', () => {
  const html = renderContactForm(text, {}, {}, '', declaration);

  test('declares the form with toolname and tooldescription, and no toolautosubmit: the person sends it', () => {
    const form = attributes(html, /<form\b[^>]*>/);
    expect(form.toolname).toBe(CONTACT_TOOL_NAME);
    expect(form.tooldescription).toBe(declaration.description);
    expect(form).not.toHaveProperty('toolautosubmit');
  });

  test('describes each field a person fills in', () => {
    for (const field of ['name', 'email', 'company', 'message', 'consent'] as const) {
      const control = attributes(html, new RegExp(`<(input|textarea)\\b[^>]*\\bname="${field}"[^>]*>`));
      expect(control.toolparamdescription, field).toBe(declaration.fields[field]);
    }
  });

  test('gives the spam trap no description, inside an aria-hidden wrapper the WebMCP script disables', () => {
    const trap = attributes(html, new RegExp(`<input\\b[^>]*\\bname="${HONEYPOT_FIELD}"[^>]*>`));
    expect(trap).not.toHaveProperty('toolparamdescription');
    expect(html).toMatch(
      new RegExp(
        `<div [^>]*aria-hidden="true"[^>]*>\\s*<label[^>]*>[^<]*</label>\\s*<input\\b[^>]*name="${HONEYPOT_FIELD}"`,
      ),
    );
  });

  test('without the declaration (the function re-rendering a post), the form carries no tool attributes', () => {
    expect(renderContactForm(text)).not.toMatch(/\btool(name|description|paramdescription)=/);
  });
});
