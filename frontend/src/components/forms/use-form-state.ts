// A form's values and field messages, and the props that tie a text control to one value:
// `<TextField label="Postcode" {...field('postcode')} />` gives the control its name (which is
// also how the first invalid control is found and focused), its value, its change handler and its message.
import { useState } from 'react';
import type { FieldErrors } from './form-validation';

/** The fields of a listing that /apply and My Profile's editor both hold, as their controls do ('' when empty). */
export interface ListingFormValues {
  companyName: string;
  contactName: string;
  phone: string;
  website: string;
  description: string;
  services: string[];
  location: string;
  region: string;
  postcode: string;
  hourlyRate: string;
  isProjectBased: boolean;
}

/** The keys of V whose values are text. */
type TextKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V] & string;

export function useFormState<V extends object>(initial: V | (() => V)) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  function set<K extends keyof V>(key: K, value: V[K]) {
    setValues((current) => ({ ...current, [key]: value }));
  }

  function field<K extends TextKey<V>>(key: K, transform: (typed: string) => string = (typed) => typed) {
    return {
      name: key,
      value: values[key] as string,
      onValueChange: (typed: string) => set(key, transform(typed) as V[K]),
      error: errors[key],
    };
  }

  return { values, setValues, set, errors, setErrors, field };
}
