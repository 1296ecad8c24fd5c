// A listing's case studies (issue 34): up to MAX_CASE_STUDIES, each a title, the kind of client,
// what was done and up to MAX_CASE_STUDY_PHOTOS photos made by the listing's media pipeline
// (core/media.ts; their keys count as the listing's, decisions/0028). Stored in
// professionals.case_studies; edited on /profile, shown on the profile. Zod-free.
import type { MediaImage } from './media';

export const MAX_CASE_STUDIES = 6;
export const MAX_CASE_STUDY_PHOTOS = 3;
export const MAX_CASE_STUDY_TITLE = 120;
export const MAX_CASE_STUDY_CLIENT = 120;
export const MAX_CASE_STUDY_SUMMARY = 2000;

export interface CaseStudy {
  /** Stable within the listing (random), so the editor and the photos' routes can name one. */
  id: string;
  title: string;
  /** The kind of client, not its name unless the professional chooses to say it ('A 40-person accountancy firm'). */
  clientKind: string;
  /** What was done, in the professional's words. */
  summary: string;
  photos: MediaImage[];
}
