/**
 * The schema.org types a company may be published as (`organizationType` in company.yaml): the
 * `@type` of the organization in every page's JSON-LD (src/discovery/structured-data.ts). A
 * short list of the types that fit a company selling services, not all of schema.org, so a typo
 * is caught at build time instead of publishing a type no search engine knows.
 */

/** Types derived from schema.org LocalBusiness: search engines expect such a business to have an address. */
export const LOCAL_BUSINESS_TYPES = [
  'LocalBusiness',
  'ProfessionalService',
  'LegalService',
  'FinancialService',
  'AccountingService',
  'EmploymentAgency',
  'RealEstateAgent',
  'TravelAgency',
  'HomeAndConstructionBusiness',
  'MedicalBusiness',
  'Store',
] as const;

/** Every accepted type: Organization and its non-local subtypes, then the LocalBusiness family. */
export const ORGANIZATION_TYPES = [
  'Organization',
  'Corporation',
  'NGO',
  'EducationalOrganization',
  'GovernmentOrganization',
  'NewsMediaOrganization',
  'ResearchOrganization',
  ...LOCAL_BUSINESS_TYPES,
] as const;

export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];

/** Whether `type` is LocalBusiness or one of its subtypes (which needs an office address). */
export function isLocalBusinessType(type: OrganizationType): boolean {
  return (LOCAL_BUSINESS_TYPES as readonly string[]).includes(type);
}
