import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startLocalServer, type LocalServer } from '../testing/local-server';
import {
  confirmDemoPayment,
  DEMO_PAYMENT_FAILED,
  demoPaymentErrorMessage,
  isRetryableVerificationError,
  PaymentError,
  VERIFICATION_RETRIES,
  VERIFICATION_RETRY_DELAY_MS,
  verificationPath,
  verifyPaymentWithRetries,
  withRetries,
} from './billing';
import { ApiRequestError } from './client';

describe('the verification retry policy', () => {
  it('is the spec’s: 3 retries, 2 seconds apart', () => {
    expect(VERIFICATION_RETRIES).toBe(3);
    expect(VERIFICATION_RETRY_DELAY_MS).toBe(2000);
  });

  it('retries the network, timeouts, rate limits and server errors, not a definite answer', () => {
    expect(isRetryableVerificationError(new TypeError('fetch failed'))).toBe(true);
    for (const status of [500, 502, 503, 408, 429]) {
      expect(isRetryableVerificationError(new ApiRequestError(status, 'x', '')), String(status)).toBe(true);
    }
    for (const status of [400, 401, 403, 404, 409, 422]) {
      expect(isRetryableVerificationError(new ApiRequestError(status, 'x', '')), String(status)).toBe(false);
    }
  });
});

describe('withRetries', () => {
  const options = (sleeps: number[], isRetryable = () => true) => ({
    retries: 3,
    delayMs: 2000,
    isRetryable,
    sleep: async (ms: number) => {
      sleeps.push(ms);
    },
  });

  it('tries again after each failure, pausing between tries', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    const result = await withRetries(async () => {
      calls += 1;
      if (calls < 3) throw new Error('down');
      return 'ok';
    }, options(sleeps));
    expect(result).toBe('ok');
    expect(calls).toBe(3);
    expect(sleeps).toEqual([2000, 2000]);
  });

  it('gives up after the first try and 3 retries', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls += 1;
        throw new Error(`down ${calls}`);
      }, options(sleeps)),
    ).rejects.toThrow('down 4');
    expect(calls).toBe(4);
    expect(sleeps).toEqual([2000, 2000, 2000]);
  });

  it('does not retry what is not retryable', async () => {
    const sleeps: number[] = [];
    let calls = 0;
    await expect(
      withRetries(async () => {
        calls += 1;
        throw new Error('no');
      }, options(sleeps, () => false)),
    ).rejects.toThrow('no');
    expect(calls).toBe(1);
    expect(sleeps).toEqual([]);
  });
});

describe('verifyPaymentWithRetries', () => {
  let server: LocalServer;
  let answers: { status: number; body: string }[] = [];

  beforeAll(async () => {
    server = await startLocalServer((_req, res) => {
      const next = answers.shift() ?? { status: 500, body: '' };
      res.writeHead(next.status, { 'Content-Type': 'application/json' }).end(next.body);
    });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.requests.length = 0;
  });

  const noPause = { sleep: async () => {}, origin: '' };

  it('asks with both parameters and retries a failing server until it answers', async () => {
    answers = [
      { status: 503, body: '{"error":{"code":"unavailable","message":"Try later"}}' },
      { status: 500, body: '' },
      { status: 200, body: '{"success":true,"applicationStatus":"pending"}' },
    ];
    const answer = await verifyPaymentWithRetries('cs_test_1', '42', new AbortController().signal, { ...noPause, origin: server.url('') });
    expect(answer).toEqual({ success: true, applicationStatus: 'pending' });
    expect(server.requests).toHaveLength(3);
    expect(server.requests[0]?.url).toBe('/api/verify-payment?session_id=cs_test_1&application_id=42');
  });

  it('fails after four requests in all', async () => {
    answers = [500, 500, 500, 500, 500].map((status) => ({ status, body: '' }));
    await expect(
      verifyPaymentWithRetries('cs', '1', new AbortController().signal, { ...noPause, origin: server.url('') }),
    ).rejects.toBeInstanceOf(ApiRequestError);
    expect(server.requests).toHaveLength(4);
  });

  it('hands back success: false as an answer, without retrying', async () => {
    answers = [{ status: 200, body: '{"success":false,"applicationStatus":"pending_payment"}' }];
    const answer = await verifyPaymentWithRetries('cs', '1', new AbortController().signal, { ...noPause, origin: server.url('') });
    expect(answer.success).toBe(false);
    expect(server.requests).toHaveLength(1);
  });

  it('builds the address with encoded parameters', () => {
    expect(verificationPath('cs test&1', '7')).toBe('/api/verify-payment?session_id=cs+test%261&application_id=7');
  });
});

describe('confirmDemoPayment', () => {
  let server: LocalServer;

  beforeAll(async () => {
    server = await startLocalServer((req, res) => {
      const { cardNumber } = JSON.parse(req.body) as { cardNumber: string };
      if (cardNumber.replace(/\s/g, '') === '4242424242424242') {
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"status":"succeeded"}');
      } else if (cardNumber === 'garbage') {
        res.writeHead(400).end('Bad request');
      } else {
        res.writeHead(402, { 'Content-Type': 'application/json' }).end('{"error":{"message":"Your card was declined."}}');
      }
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it('posts the client secret and card number as JSON', async () => {
    await expect(confirmDemoPayment('pi_1_secret_2', '4242 4242 4242 4242', server.url('/demo-pay/confirm'))).resolves.toBeUndefined();
    const request = server.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/demo-pay/confirm');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ clientSecret: 'pi_1_secret_2', cardNumber: '4242 4242 4242 4242' });
  });

  it("fails with the provider's message", async () => {
    const declined = confirmDemoPayment('s', '4000 0000 0000 0002', server.url('/demo-pay/confirm'));
    await expect(declined).rejects.toBeInstanceOf(PaymentError);
    await expect(confirmDemoPayment('s', '4000 0000 0000 0002', server.url('/demo-pay/confirm'))).rejects.toThrow('Your card was declined.');
    await expect(confirmDemoPayment('s', 'garbage', server.url('/demo-pay/confirm'))).rejects.toThrow(DEMO_PAYMENT_FAILED);
  });

  it('reads the message of an error body, or falls back', () => {
    expect(demoPaymentErrorMessage('{"error":{"message":"Insufficient funds"}}')).toBe('Insufficient funds');
    expect(demoPaymentErrorMessage('{"error":{"message":""}}')).toBe(DEMO_PAYMENT_FAILED);
    expect(demoPaymentErrorMessage('<html>')).toBe(DEMO_PAYMENT_FAILED);
    expect(demoPaymentErrorMessage('')).toBe(DEMO_PAYMENT_FAILED);
  });
});
