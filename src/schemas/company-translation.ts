/**
 * `content/<code>/company.yaml`: the company's facts that are written in a language, in one
 * other language. Every field is optional; a fact left out is shown as the default language's
 * company.yaml writes it. Names, addresses' streets, URLs, numbers and settings are not here:
 * they are the same in every language.
 */
import { z } from 'zod';

export const companyTranslationSchema = z.strictObject({
  /** The tagline in this language (one sentence, 20-200 characters). */
  tagline: z.string().trim().min(20).max(200).optional(),
  /** The description in this language (a short paragraph, 40-1200 characters). */
  description: z.string().trim().min(40).max(1200).optional(),
  /** The home page picture's alt text in this language (the picture itself is company.yaml's `image.src`). */
  image: z.strictObject({ alt: z.string().trim().min(3).max(300) }).optional(),
  /** The legal form in this language, e.g. "Besloten vennootschap (B.V.)". */
  legalForm: z.string().trim().min(2).max(120).optional(),
  /** The register's name in this language, e.g. "Kamer van Koophandel (KvK)" (the number is company.yaml's). */
  registration: z.strictObject({ register: z.string().trim().min(2).max(120) }).optional(),
  /** Where the company works from, in this language, e.g. "Gent en Porto". */
  location: z.string().trim().max(120).optional(),
  /** The team size in this language, e.g. "45 engineers". */
  teamSize: z.string().trim().max(60).optional(),
  /**
   * Who answers a contact request, how and how fast, as phrases that fit this language's sentence
   * `contact.followUp` in its strings.yaml.
   */
  followUp: z
    .strictObject({
      who: z.string().trim().min(3).max(80).optional(),
      how: z.string().trim().min(3).max(80).optional(),
      within: z.string().trim().min(3).max(60).optional(),
    })
    .optional(),
  /**
   * The offices' names, cities and countries in this language: the same offices in the same
   * order as company.yaml (streets and postal codes are not translated).
   */
  offices: z
    .array(
      z.strictObject({
        name: z.string().trim().min(2).max(60).optional(),
        city: z.string().trim().min(1).max(80).optional(),
        region: z.string().trim().max(80).optional(),
        country: z.string().trim().min(2).max(80).optional(),
      }),
    )
    .optional(),
});

export type CompanyTranslation = z.output<typeof companyTranslationSchema>;
