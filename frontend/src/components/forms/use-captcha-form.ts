// The submit flow of the account forms behind a captcha (sign in, sign up, forgot password): check
// the values and the captcha payload with the core schema, show each field's message, send, and
// after a failed send start the captcha over, since a solved payload is good for one try (spec
// section 4).
import { useRef, useState } from 'react';
import type { z } from 'zod';
import type { CaptchaHandle } from '../captcha/captcha';
import { validate, type FieldErrors } from './form-validation';

interface CaptchaFormOptions<Schema extends z.ZodType> {
  schema: Schema;
  /** Sends the parsed values and says how it went; throwing counts as a failure. */
  send: (data: z.output<Schema>) => Promise<void>;
  /** Tells the user about a failed send (a toast); the captcha starts over afterwards. */
  onFailure: (error: unknown) => void;
}

export function useCaptchaForm<Schema extends z.ZodType>({ schema, send, onFailure }: CaptchaFormOptions<Schema>) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  /** Validates `values` with the captcha payload added, then sends them. */
  async function submit(values: Omit<z.input<Schema>, 'captcha'>) {
    const result = validate(schema, { ...values, captcha: captcha ?? '' });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await send(result.data);
    } catch (error) {
      onFailure(error);
      captchaRef.current?.reset();
    } finally {
      setSubmitting(false);
    }
  }

  return {
    errors,
    setErrors,
    isSubmitting,
    submit,
    /** The props of the form's <Captcha>. */
    captchaProps: { ref: captchaRef, onChange: setCaptcha, error: errors.captcha },
  };
}
