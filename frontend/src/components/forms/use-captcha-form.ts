// The submit flow of the forms behind a captcha (sign in, sign up, forgot password, /contact and a
// profile's Contact form): check the values and the captcha payload with the core schema, show each
// field's message, send, and after a failed send start the captcha over, since a solved payload is
// good for one try (spec section 4). A form that hands the hook its element (formRef) gets the focus
// on its first invalid field whenever messages appear, from the check or from the API.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import type { CaptchaHandle } from '../captcha/captcha';
import { showToast } from '../toast';
import { focusFirstInvalid } from './focus-invalid';
import { apiFieldErrors, failureToast, validate, type FieldErrors } from './form-validation';

/** The toast of a failed send when the API gave no message of its own (failureToast's fallback). */
export interface FailureText {
  title: string;
  description: string;
}

/** What /contact and a profile's Contact form say when a message fails without a reason from the API. */
export const MESSAGE_NOT_SENT: FailureText = { title: 'Message not sent', description: 'Your message could not be sent. Please try again.' };

interface CaptchaFormOptions<Schema extends z.ZodType> {
  schema: Schema;
  /** Sends the parsed values and says how it went; throwing counts as a failure. */
  send: (data: z.output<Schema>) => Promise<void>;
  /**
   * A failed send. As a text: the API's field messages go beside their fields when it sent any,
   * otherwise a toast says it failed (with the API's message, or this text). As a function: it
   * tells the user itself. Either way the captcha starts over afterwards.
   */
  onFailure: FailureText | ((error: unknown) => void);
}

export function useCaptchaForm<Schema extends z.ZodType>({ schema, send, onFailure }: CaptchaFormOptions<Schema>) {
  const captchaRef = useRef<CaptchaHandle>(null);
  const formElement = useRef<HTMLElement | null>(null);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  // After a failed check or send, the first field with a message takes the focus.
  useEffect(() => {
    if (Object.keys(errors).length > 0) focusFirstInvalid(formElement.current);
  }, [errors]);

  function fail(error: unknown) {
    if (typeof onFailure === 'function') {
      onFailure(error);
      return;
    }
    const fieldErrors = apiFieldErrors(error);
    if (Object.keys(fieldErrors).length > 0) setErrors(fieldErrors);
    else showToast(failureToast(error, onFailure));
  }

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
      fail(error);
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
    /** The ref of the element around the form's fields, whose first invalid field takes the focus. */
    formRef: useCallback((element: HTMLElement | null) => {
      formElement.current = element;
    }, []),
    /** The props of the form's <Captcha>. */
    captchaProps: { ref: captchaRef, onChange: setCaptcha, error: errors.captcha },
  };
}
