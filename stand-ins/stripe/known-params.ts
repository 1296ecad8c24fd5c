// The parameters each endpoint takes, as Stripe refuses the rest: `400 invalid_request_error,
// parameter_unknown, "Received unknown parameter: foo[bar]"`, before anything is changed. A spec
// names the top-level parameters (and, for an object or a list of objects, its own); `true` takes
// any value (metadata's keys are the caller's). Each spec is typed against the `stripe` library's
// parameter type for the call (`paramsOf<Stripe.…Params>()`): a name Stripe does not have fails to
// compile, so the stand-in never accepts what Stripe would refuse. It takes only the subset it
// models, so a parameter Stripe has but the stand-in does not model is refused too, by name, rather
// than silently ignored.
import type { FormObject, FormValue } from './form-body';
import { StripeError } from './http';

export interface ParamSpec {
  readonly [name: string]: true | ParamSpec;
}

type Element<T> = T extends readonly (infer E)[] ? E : T;
/** The object a parameter holds (or a list of: its element), without Stripe's '' for "unset". */
type Inner<T> = Element<Exclude<NonNullable<T>, string | number | boolean>>;
/** A spec of `P`: only its keys, each `true` or the spec of its (element) type. */
export type SpecOf<P> = { readonly [K in keyof P]?: true | SpecOf<Inner<P[K]>> };

/** `expand` and the list parameters every list endpoint takes. */
export const EXPAND: ParamSpec = { expand: true };
export const LIST: ParamSpec = { expand: true, limit: true, starting_after: true, ending_before: true, created: true };

/** `S` with every name that `P` lacks, at any depth, turned to `never`: such a spec fails to compile. */
type Strict<S, P> = {
  [K in keyof S]: K extends keyof P ? (S[K] extends true ? true : Strict<S[K], Inner<P[K]>>) : never;
};

/** A spec checked against the library's parameter type `P` (names it lacks, at any depth, fail to compile). */
export function paramsOf<P>() {
  return <const S extends SpecOf<P>>(spec: S & Strict<S, P>): ParamSpec => spec as ParamSpec;
}

function isObject(value: FormValue): value is FormObject {
  return typeof value === 'object' && !Array.isArray(value);
}

/** The first parameter of `raw` that `spec` does not take, in bracket notation; null when none. */
export function unknownParam(raw: FormObject, spec: ParamSpec, prefix = ''): string | null {
  for (const [name, value] of Object.entries(raw)) {
    const path = prefix ? `${prefix}[${name}]` : name;
    const rule = spec[name];
    if (rule === undefined) return path;
    if (rule === true) continue;
    const items = Array.isArray(value) ? value.map((item, index) => [item, `${path}[${index}]`] as const) : [[value, path] as const];
    for (const [item, itemPath] of items) {
      if (!isObject(item)) continue; // a string where an object belongs: the handler says what is wrong
      const found = unknownParam(item, rule, itemPath);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses a request whose body or query has a parameter the endpoint does not take. */
export function refuseUnknownParams(raw: FormObject, spec: ParamSpec): void {
  const unknown = unknownParam(raw, spec);
  if (unknown) throw new StripeError(400, 'invalid_request_error', `Received unknown parameter: ${unknown}`, 'parameter_unknown', unknown);
}
