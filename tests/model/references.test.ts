/**
 * References between entries by id (src/model/references.ts), as an editor meets them on a copy
 * of the sample content: a case study names its services by their file names in every language,
 * so a service renamed in any language breaks nothing; the older form (a title) still builds with
 * a warning naming the id to write; an id that names nothing stops the build with the file, the
 * field, the value and the ids there are. And a field the schema does not know stops it too.
 */
import { describe, expect, test } from 'vitest';
import { editedSample } from '../support/edited-sample.ts';
import { pageMarkdown } from '../../src/build/page-markdown.ts';
import type { CaseStudy } from '../../src/model/types.ts';

const STUDY = 'case-studies/medora-clinics-cloud-migration.mdx';

const siteWith = editedSample('references');

const studyIn = (model: ReturnType<ReturnType<typeof siteWith>>, language: string) =>
  model.languages.models.get(language)!.caseStudies.find((study) => study.slug === 'medora-clinics-cloud-migration')!;
const titles = (study: CaseStudy) => study.services.map((service) => service.data.title);
const referenceWarnings = (warnings: readonly string[]) => warnings.filter((line) => line.includes('`services`'));

describe("a case study's services, by id", () => {
  test('the sample names them by id and shows each language its own titles, without a warning', () => {
    const model = siteWith()();
    expect(titles(studyIn(model, 'en'))).toEqual(['Cloud migration', 'Platform engineering']);
    expect(titles(studyIn(model, 'nl'))).toEqual(['Cloudmigratie', 'Platform engineering']);
    expect(titles(studyIn(model, 'pt'))).toEqual(['Migração para a cloud', 'Platform engineering']);
    expect(referenceWarnings(model.warnings)).toEqual([]);
    // The service's page lists the case study in every language.
    for (const code of ['en', 'nl', 'pt']) {
      const languageModel = model.languages.models.get(code)!;
      expect(languageModel.index.caseStudiesOfService.get('cloud-migration')?.map((study) => study.slug)).toContain(
        'medora-clinics-cloud-migration',
      );
    }
  });

  test('renaming a service in any language breaks nothing: the pages show the new title', () => {
    const model = siteWith({
      'services/cloud-migration.mdx': (text) => text.replace(/^title: .*$/m, 'title: Moving to the cloud'),
      'nl/services/cloud-migration.mdx': (text) => text.replace(/^title: .*$/m, 'title: Naar de cloud'),
    })();
    expect(titles(studyIn(model, 'en'))).toEqual(['Moving to the cloud', 'Platform engineering']);
    expect(titles(studyIn(model, 'nl'))).toEqual(['Naar de cloud', 'Platform engineering']);
    const page = model.languages.models.get('nl')!.index.pages.get('/nl/case-studies/medora-clinics-cloud-migration')!;
    expect(pageMarkdown(model.languages.models.get('nl')!, page)).toContain(
      '[Naar de cloud](/nl/services/cloud-migration)',
    );
  });

  test('a service named by its title (the older form) is read, with a warning naming the id to write', () => {
    const model = siteWith({
      [STUDY]: (text) => text.replace('  - cloud-migration\n', '  - Cloud migration\n'),
      [`nl/${STUDY}`]: (text) => text.replace('  - cloud-migration\n', '  - Cloudmigratie\n'),
    })();
    expect(titles(studyIn(model, 'en'))).toEqual(['Cloud migration', 'Platform engineering']);
    expect(titles(studyIn(model, 'nl'))).toEqual(['Cloudmigratie', 'Platform engineering']);
    expect(referenceWarnings(model.warnings)).toEqual([
      'content/case-studies/medora-clinics-cloud-migration.mdx: `services` names the service "Cloud migration" by its title; ' +
        'write its id `cloud-migration` (its file name) instead, so that renaming it in any language breaks nothing.',
      'content/nl/case-studies/medora-clinics-cloud-migration.mdx: `services` names the service "Cloudmigratie" by its title; ' +
        'write its id `cloud-migration` (its file name) instead, so that renaming it in any language breaks nothing.',
    ]);
  });

  test('an id that names no service stops the build, with the file, the field, a guess and the ids there are', () => {
    const build = siteWith({ [STUDY]: (text) => text.replace('  - cloud-migration\n', '  - cloud-migraton\n') });
    expect(build).toThrow(
      'content/case-studies/medora-clinics-cloud-migration.mdx: `services` names "cloud-migraton", which is not the id (file name) ' +
        'of a published service. Did you mean `cloud-migration`? The service ids (file names) are: ai-llm-integration, ' +
        'cloud-migration, data-engineering, engineering-team-coaching, legacy-modernisation, platform-engineering.',
    );
  });

  test('a draft service is named as one', () => {
    const build = siteWith({
      [STUDY]: (text) => text.replace('  - cloud-migration\n', '  - draft-quantum-advisory\n'),
    });
    expect(build).toThrow(
      '`services` names "draft-quantum-advisory", a service that is a draft: publish it (remove its `draft: true`) or take it out of `services`.',
    );
  });
});

describe('a field the schema does not know', () => {
  test('stops the build, naming the file and the nearest field, instead of dropping what it holds', () => {
    const build = siteWith({ [STUDY]: (text) => text.replace('searchPhrases:', 'searchPhrase:') });
    expect(build).toThrow(
      /content\/case-studies\/medora-clinics-cloud-migration\.mdx: the frontmatter does not match the schema:\n {2}- \(frontmatter\): `searchPhrase` \(did you mean `searchPhrases`\?\) is not a field of a case study/,
    );
  });
});
