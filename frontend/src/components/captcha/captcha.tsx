// The ALTCHA proof-of-work captcha (issue 4, item 2). The widget's code loads lazily, only on the
// pages that show a captcha. Its payload reaches the form through onChange (null while unsolved);
// it resets after a failed submit (the form calls reset()) and on expiry or error (spec section 4).
// The CSP allows what the widget needs: its inline styles and its blob: workers. A failed load of
// the widget's code is tried again (load-with-retries.ts) before the form gives up on it.
import { useEffect, useId, useImperativeHandle, useRef, useState, type CSSProperties, type HTMLAttributes, type Ref } from 'react';
import { labelClass } from '../styles';
import { nextCaptchaStep, type CaptchaState } from './captcha-state';
import { loadWithRetries } from './load-with-retries';

export const CAPTCHA_CHALLENGE_URL = '/api/captcha/challenge';

/** The widget element's methods we use (altcha's AltchaWidgetElement). */
interface AltchaWidget extends HTMLElement {
  reset?: () => void;
}

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': HTMLAttributes<HTMLElement> & {
        ref?: Ref<AltchaWidget>;
        challenge?: string;
        name?: string;
        type?: 'native' | 'checkbox' | 'switch';
        auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
        configuration?: string;
        style?: CSSProperties;
      };
    }
  }
}

export interface CaptchaHandle {
  /** Clears the payload and shows the widget unsolved again (after a failed submit). */
  reset: () => void;
}

interface CaptchaProps {
  onChange: (payload: string | null) => void;
  /** A validation message to show under the widget ('Please complete the captcha'). */
  error?: string | undefined;
  ref?: Ref<CaptchaHandle>;
}

let altchaLoaded: Promise<unknown> | null = null;

/**
 * The widget's code, loaded once for every captcha on the page. Browsers keep no failed dynamic
 * import (Chromium fetches it again when asked again), so each retry is a new request; after the
 * last one fails, the next captcha to mount starts over.
 */
function loadAltcha(): Promise<unknown> {
  altchaLoaded ??= loadWithRetries(() => import('altcha')).then(() => customElements.whenDefined('altcha-widget'));
  return altchaLoaded;
}

const WIDGET_CONFIGURATION = JSON.stringify({ hideLogo: false, hideFooter: false });

export function Captcha({ onChange, error, ref }: CaptchaProps) {
  const [isReady, setReady] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const widgetRef = useRef<AltchaWidget>(null);
  const onChangeRef = useRef(onChange);
  const labelId = useId();
  const errorId = useId();
  const noticeId = useId();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    loadAltcha().then(
      () => {
        if (!cancelled) setReady(true);
      },
      () => {
        altchaLoaded = null;
        if (!cancelled) setLoadFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    const widget = widgetRef.current;
    if (!isReady || !widget) return;
    const onStateChange = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: CaptchaState; payload?: string | null }>).detail ?? {};
      const step = nextCaptchaStep(detail.state, detail.payload);
      onChangeRef.current(step.payload);
      if (step.notice !== undefined) setNotice(step.notice);
      // Leave the event's own update first, then start over.
      if (step.reset) window.setTimeout(() => widget.reset?.(), 0);
    };
    widget.addEventListener('statechange', onStateChange);
    return () => widget.removeEventListener('statechange', onStateChange);
  }, [isReady]);

  // Point the widget's own checkbox at our messages.
  useEffect(() => {
    const checkbox = widgetRef.current?.querySelector('input[type="checkbox"]');
    if (!checkbox) return;
    const describedBy = [error ? errorId : null, notice ? noticeId : null].filter(Boolean).join(' ');
    if (describedBy) checkbox.setAttribute('aria-describedby', describedBy);
    else checkbox.removeAttribute('aria-describedby');
    if (error) checkbox.setAttribute('aria-invalid', 'true');
    else checkbox.removeAttribute('aria-invalid');
  });

  useImperativeHandle(
    ref,
    () => ({
      reset() {
        onChangeRef.current(null);
        setNotice(null);
        widgetRef.current?.reset?.();
      },
    }),
    [],
  );

  return (
    <div role="group" aria-labelledby={labelId}>
      <p id={labelId} className={labelClass}>
        Security check
      </p>
      {loadFailed ? (
        <p className="text-sm text-red-700" role="alert">
          The security check could not be loaded. Please reload the page.
        </p>
      ) : isReady ? (
        <altcha-widget
          ref={widgetRef}
          challenge={CAPTCHA_CHALLENGE_URL}
          name="captcha"
          type="checkbox"
          auto="off"
          configuration={WIDGET_CONFIGURATION}
          style={{ '--altcha-max-width': '100%' } as CSSProperties}
        />
      ) : (
        <p className="text-sm text-gray-700" role="status">
          Loading the security check…
        </p>
      )}
      <p id={noticeId} className="mt-1 text-sm text-gray-700" aria-live="polite">
        {notice}
      </p>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
