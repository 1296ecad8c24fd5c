// The form state of a listing's choice fields (core/listing-fields.ts), as pure functions shared by
// /apply and My Profile's listing editor: a new form's values, a stored listing's, and the
// request body each form sends.
import { readListingFields, type Choice, type ChoiceValue, type EnumChoice, type ListingFieldValues } from '../../../../core/listing-fields';

/** Each field as its control holds it: an enum's option or '' (the empty choice), a boolean. */
export type ListingFieldFormValues<F extends readonly Choice[]> = {
  [D in F[number] as D['name']]: D extends EnumChoice ? ChoiceValue<D> | '' : boolean;
};

/** The application's body: an enum left empty is left out (none given). */
export type ApplicationFieldBody<F extends readonly Choice[]> = {
  [D in F[number] as D['name']]?: ChoiceValue<D>;
};

function toFormValues<F extends readonly Choice[]>(fields: F, values: Record<string, unknown>): ListingFieldFormValues<F> {
  return Object.fromEntries(fields.map((field) => [field.name, values[field.name] ?? ''])) as ListingFieldFormValues<F>;
}

/** A new form: each field's default ('' for an enum without one). */
export function emptyFieldValues<const F extends readonly Choice[]>(fields: F): ListingFieldFormValues<F> {
  return toFormValues(fields, Object.fromEntries(fields.map((field) => [field.name, field.default])));
}

/** A stored listing's values (My Profile's answer), as the controls hold them. */
export function storedFieldValues<const F extends readonly Choice[]>(fields: F, listing: object): ListingFieldFormValues<F> {
  return toFormValues(fields, readListingFields(listing, fields));
}

/** The application's body of `fields`: every boolean, and each enum that has a value. */
export function applicationFieldBody<const F extends readonly Choice[]>(fields: F, values: ListingFieldFormValues<F>): ApplicationFieldBody<F> {
  const held = values as Record<string, string | boolean>;
  return Object.fromEntries(fields.flatMap((field) => (held[field.name] === '' ? [] : [[field.name, held[field.name]]]))) as ApplicationFieldBody<F>;
}

/** The listing editor's body of `fields`: an enum left empty is sent as null, which clears it. */
export function editorFieldBody<const F extends readonly Choice[]>(fields: F, values: ListingFieldFormValues<F>): ListingFieldValues<F> {
  const held = values as Record<string, string | boolean>;
  return Object.fromEntries(fields.map((field) => [field.name, held[field.name] === '' ? null : held[field.name]])) as ListingFieldValues<F>;
}
