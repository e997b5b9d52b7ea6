/**
 * The second company (tests/fixtures/second-company, one language) given German with files in
 * content/ only: `languages` in company.yaml, a German strings.yaml and one translated service,
 * no German about, contact or privacy page. Written into `content` (replacing what is there), for
 * the tests that add a language (add-language, partial-language).
 */
import { appendFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './sample-site.ts';

export function writeSecondCompanyInGerman(content: string): void {
  rmSync(content, { recursive: true, force: true });
  cpSync(path.join(ROOT, 'tests/fixtures/second-company/content'), content, { recursive: true });
  appendFileSync(path.join(content, 'company.yaml'), '\nlanguages: [en, de]\n');
  mkdirSync(path.join(content, 'de/services'), { recursive: true });
  writeFileSync(
    path.join(content, 'de/strings.yaml'),
    readFileSync(path.join(content, 'strings.yaml'), 'utf8')
      .replace(/^ {2}name: English$/m, '  name: Deutsch')
      .replace(/^ {2}englishName: English$/m, '  englishName: German')
      .replace(/^ {2}locale: .*$/m, '  locale: de-DE'),
  );
  writeFileSync(
    path.join(content, 'de/services/new-buildings.mdx'),
    readFileSync(path.join(content, 'services/new-buildings.mdx'), 'utf8')
      .replace(/^title: .*$/m, 'title: Neubauten mit Holzrahmen')
      .replace(
        /\n---\n[\s\S]*$/,
        '\n---\n\nWir planen Neubauten aus Holz, von der ersten Skizze bis zur Baugenehmigung.\n',
      ),
  );
}
