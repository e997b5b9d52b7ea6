import { schemaHelpTexts } from '../src/build/schema-help.ts';
import path from 'node:path';
for (const [f, n] of [['case-study.ts', 'caseStudySchema'], ['company.ts', 'companyFieldsSchema'], ['strings.ts', 'stringsSchema']]) {
  const m = schemaHelpTexts(path.resolve('src/schemas', f), n);
  console.log(f, m.size, [...m].slice(0, 8));
}
