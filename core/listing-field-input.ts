// The inputs of a listing's choice fields (core/listing-fields.ts), with their messages: for
// the application (core/billing.ts) and for My Profile's listing editor (core/my-profile.ts).
import { z } from 'zod';
import type { BooleanChoice, Choice, EnumChoice, ListingField } from './listing-fields';

type EnumSchema<V extends string> = z.ZodEnum<{ [K in V]: K }>;

/** One of the field's options; anything else gets its message. */
export function enumInput<V extends string>(field: EnumChoice<string, V>): EnumSchema<V> {
  return z.enum(field.options.map((option) => option.value) as [V, ...V[]], { error: field.message });
}

/** A boolean, its default when left out. */
export function booleanInput(field: BooleanChoice): z.ZodDefault<z.ZodBoolean> {
  return z.boolean().default(field.default);
}

type ApplicationInput<D> = D extends EnumChoice<string, infer V> ? z.ZodOptional<EnumSchema<V>> : z.ZodDefault<z.ZodBoolean>;
export type ApplicationFieldInputs<F extends readonly Choice[]> = { [D in F[number] as D['name']]: ApplicationInput<D> };

/** The application's inputs of `fields`: an enum may be left out (none given), a boolean defaults. */
export function applicationFieldInputs<const F extends readonly ListingField[]>(fields: F): ApplicationFieldInputs<F> {
  return Object.fromEntries(fields.map((field) => [field.name, field.kind === 'enum' ? enumInput(field).optional() : booleanInput(field)])) as ApplicationFieldInputs<F>;
}

type EditorInput<D> = D extends EnumChoice<string, infer V> ? z.ZodOptional<z.ZodNullable<EnumSchema<V>>> : z.ZodOptional<z.ZodBoolean>;
export type EditorFieldInputs<F extends readonly Choice[]> = { [D in F[number] as D['name']]: EditorInput<D> };

/**
 * The listing editor's inputs of `fields` (PATCH /api/professionals/my-profile): null clears an
 * enum; a field left out stays as it is.
 */
export function editorFieldInputs<const F extends readonly ListingField[]>(fields: F): EditorFieldInputs<F> {
  return Object.fromEntries(fields.map((field) => [field.name, field.kind === 'enum' ? enumInput(field).nullish() : z.boolean().optional()])) as EditorFieldInputs<F>;
}
