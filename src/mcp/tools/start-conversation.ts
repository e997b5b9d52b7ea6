/**
 * start_conversation: files the user's contact request in the lead pipeline the contact form
 * also uses. The only tool that changes anything: it writes a lead (durably, before reporting
 * success) and people at the company act on it. Repeats within the duplicate window return the
 * first lead's reference, so the tool is idempotent for the agent.
 *
 * On a site that publishes several languages it takes an optional `language` (an enum of them;
 * the default language without it): the answer, its next step and its refusals are the contact
 * strings of that language (the contact form's), and the lead records the language. A
 * one-language site's tool has no such argument and records its one language. Argument errors
 * (checked before the tool runs, define-tool.ts) and the consent rule stay in English, like the
 * tool's description.
 */
import type { ToolInfo } from '../../artefacts/schema.ts';
import { languageArgument } from './language.ts';
import { chooseContactLanguage, contactSentence, limitSentence } from '../../leads/contact-language.ts';
import { createLeadIntake } from '../../leads/intake.ts';
import { leadInputSchema } from '../../leads/schema.ts';
import { DUPLICATE_WINDOW_MS } from '../../leads/submit.ts';
import { repliesClause } from '../../leads/follow-up.ts';
import { exampleLeadReference } from '../../lead-reference.ts';
import { logError } from '../../log.ts';
import * as z from '../../zod.ts';
import { defineTool, toolError, type ToolSpec } from './define-tool.ts';
import type { ToolDependencies } from './dependencies.ts';

/** The result's schema: built only to describe the tool (describe.ts); the function never checks its own results. */
const output = (referencePrefix: string) =>
  z.object({
    reference: z
      .string()
      .check(z.describe(`The reference to quote in any follow-up, e.g. ${exampleLeadReference(referencePrefix)}.`)),
    duplicate: z
      .boolean()
      .check(
        z.describe(
          'True when the same request was already received within the duplicate window and nothing new was filed.',
        ),
      ),
    receivedAt: z
      .string()
      .check(z.describe('When the request was received (ISO date-time); for a duplicate, when the first one was.')),
    nextStep: z.string().check(z.describe('What happens next, in a sentence the agent can pass on.')),
    contactEmail: z.string().check(z.describe("The company's contact address, for anything urgent.")),
  });

const hours = DUPLICATE_WINDOW_MS / 3_600_000;

/**
 * What an agent lead records as the words the user agreed to: the tool's consent rule, which
 * the calling agent declares satisfied by calling it (consent `via: 'agent-declared'`).
 */
export function agentConsentStatement(company: string): string {
  return (
    `The user explicitly asked to get in touch with ${company} and agreed that their name, e-mail address, company and message are sent ` +
    "(declared by the calling agent, as start_conversation's consent rule requires)."
  );
}

/**
 * The tool's arguments: the lead fields, and on a multilingual site the optional `language`
 * (an enum of the site's languages; strict, so a one-language site refuses it as unknown).
 */
function inputSchema(info: ToolInfo) {
  const language = languageArgument(
    info,
    "The language the user writes in, and the language of this tool's answer and of the company's reply",
  );
  return 'language' in language ? z.strictObject({ ...leadInputSchema.shape, ...language }) : leadInputSchema;
}

export function startConversationTool(info: ToolInfo, dependencies: ToolDependencies): ToolSpec {
  const { name: company, contactEmail } = info.site;
  const statement = agentConsentStatement(company);
  const onError = dependencies.onError ?? ((error: unknown) => logError('start_conversation: unexpected error', error));
  const fileLead = createLeadIntake({
    pipeline: dependencies.leads,
    contactEmail,
    referencePrefix: info.site.referencePrefix,
    onError,
  });
  /** Without the contact resources (a deployment without its build files) nothing can be said or filed. */
  const noResources = toolError(
    `start_conversation cannot file requests on this deployment (its build files are missing). Ask the user to write to ${contactEmail}.`,
  );
  return defineTool({
    name: 'start_conversation',
    title: `Contact ${company}`,
    description:
      `Sends the user's request to talk to ${company}: it is filed with the same team that answers the site's contact form, ` +
      `and ${repliesClause(info.site.followUp)} to the address given. Returns a reference for the request. ` +
      `CONSENT RULE: call this ONLY when the user has explicitly asked to get in touch with ${company} ` +
      'and has agreed that their name, e-mail address, company and message are sent. ' +
      'Never call it on your own initiative, to test it, or with details the user did not give you; for questions about the company use the other tools. ' +
      `Sending the same e-mail address and message again within ${hours} hours files nothing new and returns the first reference.`,
    annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    input: inputSchema(info),
    output: () => output(info.site.referencePrefix),
    async run(args, context) {
      const { language: requested, ...input } = args as typeof args & { language?: string };
      let resources;
      try {
        resources = dependencies.contact ? await dependencies.contact() : undefined;
      } catch (error) {
        onError(error);
      }
      if (!resources) return noResources;
      const contact = chooseContactLanguage(resources, requested);
      const { strings } = contact;
      const at = context.now();
      const ip = context.clientIp?.trim();
      const outcome = await fileLead(
        input,
        {
          source: 'agent',
          consent: { given: true, at: at.toISOString(), statement, via: 'agent-declared' },
          language: contact.language,
          ...(context.client ? { client: context.client } : {}),
          ...(ip ? { clientIp: ip } : {}),
        },
        { at, ...(context.waitUntil ? { waitUntil: context.waitUntil } : {}) },
      );
      if (outcome.kind === 'refused')
        return toolError(
          contactSentence(contact, strings.agentRefused, {
            reason: limitSentence(contact, outcome.limit, outcome.retryAt, contactEmail),
          }),
        );
      if (outcome.kind === 'unavailable')
        return toolError(
          contactSentence(contact, outcome.configured ? strings.agentStoreFailed : strings.agentNotConfigured, {
            email: contactEmail,
          }),
        );
      const { lead } = outcome;
      const duplicate = outcome.kind === 'duplicate';
      const nextStep = contactSentence(contact, strings.agentNextStep, { company, email: lead.email });
      const values = { company, reference: lead.reference, receivedAt: lead.createdAt, nextStep, email: contactEmail };
      const text = contactSentence(contact, duplicate ? strings.agentDuplicate : strings.agentFiled, values);
      return {
        structured: { reference: lead.reference, duplicate, receivedAt: lead.createdAt, nextStep, contactEmail },
        text,
      };
    },
  });
}
