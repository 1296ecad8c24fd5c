import { describe, expect, it } from 'vitest';
import { mergeMetadata, Params, parseFormBody } from './form-body';
import { StripeError } from './http';

describe('parseFormBody', () => {
  it('reads what the stripe library sends: nested brackets, indexed arrays, metadata', () => {
    const body =
      'mode=subscription&line_items[0][price_data][currency]=gbp&line_items[0][price_data][unit_amount]=300' +
      '&line_items[0][price_data][recurring][interval]=month&line_items[0][price_data][product_data][name]=ITConnect%20listing%20%E2%80%94%20Pay%20Monthly' +
      '&line_items[0][quantity]=1&metadata[applicationId]=3&expand[0]=latest_invoice.confirmation_secret&expand[1]=customer' +
      '&success_url=http%3A%2F%2Flocalhost%3A3000%2Fsubscription-success%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D';
    expect(parseFormBody(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price_data: { currency: 'gbp', unit_amount: '300', recurring: { interval: 'month' }, product_data: { name: 'ITConnect listing — Pay Monthly' } }, quantity: '1' }],
      metadata: { applicationId: '3' },
      expand: ['latest_invoice.confirmation_secret', 'customer'],
      success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('reads `[]` appends, encoded brackets and + as a space', () => {
    expect(parseFormBody('expand[]=a&expand[]=b&lookup_keys%5B0%5D=monthly&name=Jo+Bloggs')).toEqual({
      expand: ['a', 'b'],
      lookup_keys: ['monthly'],
      name: 'Jo Bloggs',
    });
  });

  it('keeps objects with non-sequential numeric keys as objects, and ignores prototype keys', () => {
    const parsed = parseFormBody('metadata[2]=x&__proto__[polluted]=1&a[constructor][b]=2&empty=');
    expect(parsed).toEqual({ metadata: { '2': 'x' }, a: {}, empty: '' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('survives malformed escapes and keys', () => {
    expect(parseFormBody('a=%E0%A4%A&b]=1&&c')).toEqual({ a: '%E0%A4%A', 'b]': '1', c: '' });
  });
});

describe('Params', () => {
  const params = new Params(parseFormBody('unit_amount=300&bad=3.5&flag=true&recurring[interval]=month&items[0][price]=price_1&metadata[k]=v'));

  it('reads typed values', () => {
    expect(params.integer('unit_amount')).toBe(300);
    expect(params.boolean('flag')).toBe(true);
    expect(params.child('recurring')?.oneOf('interval', ['month', 'year'] as const)).toBe('month');
    expect(params.list('items')[0]?.string('price')).toBe('price_1');
    expect(params.metadata()).toEqual({ k: 'v' });
  });

  it('refuses malformed values the way Stripe does, naming the parameter', () => {
    const error = (() => {
      try {
        params.integer('bad');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(StripeError);
    expect((error as StripeError).body()).toEqual({ error: { type: 'invalid_request_error', code: 'parameter_invalid_integer', param: 'bad', message: 'Invalid integer: 3.5' } });
    expect(() => params.requiredString('currency')).toThrow('Missing required param: currency.');
    expect(() => params.list('items')[0]?.requiredString('quantity')).toThrow('Missing required param: items[0][quantity].');
  });
});

describe('mergeMetadata', () => {
  it('merges keys and removes those sent empty', () => {
    expect(mergeMetadata({ a: '1', b: '2' }, { b: '', c: '3' })).toEqual({ a: '1', c: '3' });
    expect(mergeMetadata({ a: '1' }, {}, true)).toEqual({});
  });
});
