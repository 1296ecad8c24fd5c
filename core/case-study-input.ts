// What the API accepts for a listing's case studies (issue 34, product rule 46; core/case-studies.ts
// has the shape and limits) and how it reads the stored column: leniently, anything malformed is
// left out. Texts and order are saved together (PUT); photos come only through the media pipeline
// (POST of the file's bytes), so a PUT may keep, reorder, re-describe or drop photos a case study
// already has, never name a new key (a key names files that may be another listing's).
import { z } from 'zod';
import { MAX_CASE_STUDIES, MAX_CASE_STUDY_CLIENT, MAX_CASE_STUDY_PHOTOS, MAX_CASE_STUDY_SUMMARY, MAX_CASE_STUDY_TITLE, type CaseStudy } from './case-studies';
import { AltText, MediaKey } from './media-input';
import { text } from './text';

/** The routes (api/src/routes/case-studies.ts). The photo upload is one fixed path (raw bytes pass json-body.ts by path). */
export const CASE_STUDY_PATHS = {
  list: '/api/professionals/my-profile/case-studies',
  photos: '/api/professionals/my-profile/case-studies/photos',
  /** DELETE …/photos/:key?caseStudy=<id> */
  photo: (key: string) => `/api/professionals/my-profile/case-studies/photos/${encodeURIComponent(key)}`,
} as const;

const CASE_STUDY_ID_PATTERN = /^[A-Za-z0-9_-]{8,32}$/;
export const CaseStudyId = z.string().regex(CASE_STUDY_ID_PATTERN, 'Unknown case study');

const required = (label: string, max: number) =>
  text({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const CaseStudyEdit = z.object({
  /** An existing case study's id; absent for a new one. */
  id: CaseStudyId.optional(),
  title: required('Title', MAX_CASE_STUDY_TITLE),
  clientKind: required('Kind of client', MAX_CASE_STUDY_CLIENT),
  summary: required('What was done', MAX_CASE_STUDY_SUMMARY),
  photos: z
    .array(z.object({ key: MediaKey, alt: AltText }))
    .max(MAX_CASE_STUDY_PHOTOS, `At most ${MAX_CASE_STUDY_PHOTOS} photos a case study`)
    .default([]),
});
export type CaseStudyEdit = z.output<typeof CaseStudyEdit>;

export const CaseStudiesUpdate = z.object({
  caseStudies: z.array(CaseStudyEdit, { error: 'Send the case studies as a list' }).max(MAX_CASE_STUDIES, `At most ${MAX_CASE_STUDIES} case studies`),
});
export type CaseStudiesUpdate = z.output<typeof CaseStudiesUpdate>;
export type CaseStudiesUpdateInput = z.input<typeof CaseStudiesUpdate>;

/** A photo upload's query: which case study, and its alt text (a default is used when left out). */
export const CaseStudyPhotoQuery = z.object({ caseStudy: CaseStudyId, alt: AltText.optional() });

const StoredPhoto = z.object({ key: MediaKey, alt: z.string(), width: z.number().int(), height: z.number().int() });
const StoredCaseStudy = z.object({
  id: z.string().regex(CASE_STUDY_ID_PATTERN),
  title: z.string(),
  clientKind: z.string(),
  summary: z.string(),
  photos: z.array(StoredPhoto).max(MAX_CASE_STUDY_PHOTOS).catch([]),
});

/** The stored column, read leniently: a malformed case study is left out, malformed photos read as none. */
export function readCaseStudies(value: unknown): CaseStudy[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item) => {
    const parsed = StoredCaseStudy.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  }).slice(0, MAX_CASE_STUDIES);
}
