// The directory's team-size filter (issue 34): a few bands a buyer asks for, each finding the
// listing's stored employee counts (core/listing-fields.ts EMPLOYEE_COUNTS) it covers. The URL
// parameter (core/directory-params.ts `teamSize`) and its filter (api/src/domain/directory/filters.ts)
// read these. Zod-free, a file of its own so the directory's pages get it without the forms' code.
import type { EmployeeCount } from './listing-fields';

export const TEAM_SIZES = ['solo', 'small', 'medium', 'large'] as const;
export type TeamSize = (typeof TEAM_SIZES)[number];

/** The stored employee counts each band finds. */
export const TEAM_SIZES_FOUND: Readonly<Record<TeamSize, readonly EmployeeCount[]>> = {
  solo: ['1'],
  small: ['2-5', '6-10'],
  medium: ['11-25', '26-50'],
  large: ['50+'],
};

export const TEAM_SIZE_LABELS: Readonly<Record<TeamSize, string>> = {
  solo: 'Just one person',
  small: '2 to 10 people',
  medium: '11 to 50 people',
  large: 'More than 50 people',
};

/** The title's phrase ('IT professionals in teams of 2 to 10 in Leeds'). */
export const TEAM_SIZE_TITLE_PHRASES: Readonly<Record<TeamSize, string>> = {
  solo: 'working on their own',
  small: 'in teams of 2 to 10',
  medium: 'in teams of 11 to 50',
  large: 'in teams of more than 50',
};
