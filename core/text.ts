// Text as the API accepts it. PostgreSQL cannot store a NUL character (the query fails), and a
// lone UTF-16 surrogate is not a character at all (it turns into U+FFFD or an error on its way to
// the database and back). Both are refused with one message, as bad input, instead of surfacing
// as a 500: by `text()` in every input schema of core/ (so forms say it too), and, as a net under
// all of them, by the API's check of every body, query value and path (api/src/middleware/json-body.ts).
import { z } from 'zod';

/** A NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text must not contain NUL characters or unpaired surrogates';

/** Whether a string can be stored and shown as text. */
export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** A string schema that refuses unstorable text; chain .trim(), .min(), .max() on it as on z.string(). */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}
