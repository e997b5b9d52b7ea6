import { z } from 'zod';
import { caseStudySchema } from '../src/schemas/case-study.ts';
import { serviceSchema } from '../src/schemas/service.ts';
import { companyFieldsSchema } from '../src/schemas/company.ts';
console.log(JSON.stringify(z.toJSONSchema(caseStudySchema, { io: 'input', unrepresentable: 'any' }), null, 1).slice(0, 3000));
console.log(JSON.stringify(z.toJSONSchema(serviceSchema, { io: 'input', unrepresentable: 'any' })));
console.log(JSON.stringify(z.toJSONSchema(companyFieldsSchema, { io: 'input', unrepresentable: 'any' })).slice(0, 1500));
