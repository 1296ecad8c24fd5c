import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_REPORT_TIMEOUT_MS, CLIENT_ERRORS_PATH } from '../../../core/client-error-limits';
import { clip, createErrorReporter, describeError, REPORTS_PER_PAGE_VIEW, reportUncaughtErrors, type ErrorReporterOptions } from './error-reporting';

type Send = ErrorReporterOptions['send'];

/** A send that never answers, unless aborted (as fetch does with its signal). */
function hangingSend() {
  const calls: { url: string; init: RequestInit }[] = [];
  const send = vi.fn<Send>((url, init) => {
    calls.push({ url, init });
    return new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
  });
  return { send, calls };
}

function reporterWith(send: Send, path = '/professionals') {
  let page = path;
  const reporter = createErrorReporter({ send, pagePath: () => page, release: 'abc1234' });
  return { reporter, goTo: (next: string) => (page = next) };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, string>;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the 5-second timeout', () => {
  it('abandons a report whose request hangs at 5000 ms, not before', async () => {
    const { send, calls } = hangingSend();
    reporterWith(send).reporter.report(new Error('boom'), 'page');
    expect(calls).toHaveLength(1);
    const signal = calls[0]!.init.signal!;
    expect(CLIENT_ERROR_REPORT_TIMEOUT_MS).toBe(5000);
    await vi.advanceTimersByTimeAsync(4999);
    expect(signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal.aborted).toBe(true);
    // Abandoned quietly: nothing left waiting, nothing thrown.
    expect(vi.getTimerCount()).toBe(0);
  });

  it('clears its timer when the request answers', async () => {
    const send = vi.fn<Send>(() => Promise.resolve(new Response(null, { status: 202 })));
    reporterWith(send).reporter.report(new Error('boom'), 'page');
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('what a report holds', () => {
  it('POSTs message, stack, source, release and the page path (no query) with keepalive', () => {
    const { send, calls } = hangingSend();
    const error = new TypeError("Cannot read properties of undefined (reading 'name')");
    error.stack = 'TypeError: Cannot read properties of undefined\n    at Page (http://localhost:3000/assets/page.js?v=2#x:1:2)';
    reporterWith(send, '/professionals?near=M1%201AA&search=cloud#results').reporter.report(error, 'page');
    expect(calls[0]!.url).toBe(CLIENT_ERRORS_PATH);
    expect(calls[0]!.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit', headers: { 'Content-Type': 'application/json' } });
    expect(bodyOf(calls[0]!.init)).toEqual({
      message: "TypeError: Cannot read properties of undefined (reading 'name')",
      stack: 'TypeError: Cannot read properties of undefined\n    at Page (http://localhost:3000/assets/page.js:1:2)',
      source: 'page',
      release: 'abc1234',
      page: '/professionals',
    });
  });

  it('cuts the message and stack to their limits, never inside a character', () => {
    expect(clip('a'.repeat(600), CLIENT_ERROR_LIMITS.messageMax)).toHaveLength(500);
    // 😀 is two UTF-16 units: a cut between them would leave half a character the API refuses.
    expect(clip(`${'a'.repeat(499)}😀`, 500)).toBe('a'.repeat(499));
    expect(clip('nul\u0000 and lone \uD800 surrogate', 100)).toBe('nul\uFFFD and lone \uFFFD surrogate');
    expect(clip('Failed: 404 for https://example.com/api/x?postcode=M1%201AA (GET)', 100)).toBe('Failed: 404 for https://example.com/api/x (GET)');
    expect(clip('at https://site.example/a.js?v=1:10:20\nat https://site.example/b.js#h', 100)).toBe('at https://site.example/a.js:10:20\nat https://site.example/b.js');
    const { message, stack } = describeError(Object.assign(new Error('x'.repeat(1000)), { stack: 'y'.repeat(10_000) }));
    expect(message.length).toBe(CLIENT_ERROR_LIMITS.messageMax);
    expect(stack.length).toBe(CLIENT_ERROR_LIMITS.stackMax);
  });

  it('names a thrown value that is not an Error by its type only (it could hold anything)', () => {
    expect(describeError({ email: 'someone@example.com' })).toEqual({ message: 'A value that is not an Error was thrown (object)', stack: '' });
    expect(describeError('M1 1AA')).toEqual({ message: 'A value that is not an Error was thrown (string)', stack: '' });
    expect(describeError(null).message).toBe('A value that is not an Error was thrown (null)');
  });
});

describe('a page view never floods', () => {
  it('reports the same message once per page view, and again on the next page', () => {
    const { send, calls } = hangingSend();
    const { reporter, goTo } = reporterWith(send);
    for (let i = 0; i < 50; i += 1) reporter.report(new Error('render loop'), 'page');
    expect(calls).toHaveLength(1);
    goTo('/locations');
    reporter.report(new Error('render loop'), 'page');
    expect(calls).toHaveLength(2);
    expect(bodyOf(calls[1]!.init).page).toBe('/locations');
  });

  it(`sends at most ${REPORTS_PER_PAGE_VIEW} reports per page view`, () => {
    const { send, calls } = hangingSend();
    const { reporter } = reporterWith(send);
    for (let i = 0; i < 25; i += 1) reporter.report(new Error(`error ${i}`), 'uncaught');
    expect(calls).toHaveLength(REPORTS_PER_PAGE_VIEW);
  });
});

describe('reporting never makes things worse', () => {
  it('swallows a send that throws or fails', async () => {
    const throwing = createErrorReporter({ send: () => { throw new TypeError('fetch is broken'); }, pagePath: () => '/', release: 'r1' });
    expect(() => throwing.report(new Error('a'), 'page')).not.toThrow();
    const failing = createErrorReporter({ send: () => Promise.reject(new TypeError('Failed to fetch')), pagePath: () => '/', release: 'r1' });
    expect(() => failing.report(new Error('a'), 'page')).not.toThrow();
    await vi.advanceTimersByTimeAsync(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('sends a release the API takes, whatever the build says', () => {
    const { send, calls } = hangingSend();
    createErrorReporter({ send, pagePath: () => '/', release: 'v1.2.3 (dirty)' }).report(new Error('a'), 'page');
    expect(bodyOf(calls[0]!.init).release).toBe('v1.2.3dirty');
  });
});

describe('Sentry', () => {
  it('captures through the SDK once a DSN is set, instead of the API', async () => {
    const { send, calls } = hangingSend();
    const captureException = vi.fn();
    const loadSentry = vi.fn(() => Promise.resolve({ captureException }));
    const reporter = createErrorReporter({ send, pagePath: () => '/', release: 'abc1234', loadSentry });
    reporter.useSentry(null);
    expect(loadSentry).not.toHaveBeenCalled();
    reporter.useSentry('https://key@o0.ingest.sentry.io/1');
    const error = new Error('boom');
    reporter.report(error, 'map');
    await vi.advanceTimersByTimeAsync(0);
    expect(loadSentry).toHaveBeenCalledWith('https://key@o0.ingest.sentry.io/1', 'abc1234');
    expect(captureException).toHaveBeenCalledWith(error, 'map');
    expect(calls).toHaveLength(0);
  });

  it('falls back to the API when the SDK cannot load', async () => {
    const { send, calls } = hangingSend();
    const reporter = createErrorReporter({ send, pagePath: () => '/', release: 'abc1234', loadSentry: () => Promise.reject(new Error('blocked')) });
    reporter.useSentry('https://key@o0.ingest.sentry.io/1');
    reporter.report(new Error('boom'), 'page');
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
  });
});

describe('uncaught errors and rejected promises', () => {
  function listeners() {
    const handlers = new Map<string, (event: unknown) => void>();
    const report = vi.fn();
    reportUncaughtErrors({ addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler) } as unknown as Window, report);
    return { fire: (type: string, event: unknown) => handlers.get(type)!(event), report };
  }

  it('reports an uncaught error and a rejected promise', () => {
    const { fire, report } = listeners();
    const error = new Error('uncaught');
    fire('error', { message: 'Uncaught Error: uncaught', error });
    fire('unhandledrejection', { reason: 'plain' });
    expect(report.mock.calls).toEqual([
      [error, 'uncaught'],
      ['plain', 'unhandled-rejection'],
    ]);
  });

  it("ignores other origins' scripts ('Script error.') and ResizeObserver loop notices", () => {
    const { fire, report } = listeners();
    fire('error', { message: 'Script error.', error: null });
    fire('error', { message: 'ResizeObserver loop completed with undelivered notifications.', error: null });
    fire('error', { message: 'ResizeObserver loop limit exceeded', error: null });
    expect(report).not.toHaveBeenCalled();
  });
});
