import { describe, expect, it } from 'vitest';
import { QUOTE_TEXTS, QuoteRequestFields, reachText, whereText } from './quotes';
import { QUOTE_REPLY_RATE_MIN_REQUESTS, quoteReplyRateText } from './quotes-limits';

const valid = {
  service: 'Web Design',
  postcode: ' ls1 4dy ',
  remoteOk: false,
  details: 'A new website for our bakery, with online orders.',
  budget: 'not_sure',
  timescale: 'flexible',
  contactPreference: 'email',
  name: 'Bea Buyer',
  email: ' Bea@Example.com ',
};

describe('a request for quotes', () => {
  it('reads a valid form: the postcode normalised, the e-mail lower-cased, no phone as null', () => {
    expect(QuoteRequestFields.parse(valid)).toEqual({ ...valid, postcode: 'LS1 4DY', email: 'bea@example.com', phone: null });
    expect(QuoteRequestFields.parse({ ...valid, postcode: '', remoteOk: true }).postcode).toBeNull();
  });

  it('reads its own answer again unchanged: the form sends what it parsed, and the API parses it again', () => {
    for (const form of [valid, { ...valid, postcode: '', remoteOk: true, phone: '' }, { ...valid, phone: ' 0113 496 0000 ', professionalId: 7, askedOnly: true }]) {
      const once = QuoteRequestFields.parse(form);
      expect(QuoteRequestFields.parse(once)).toEqual(once);
    }
  });

  it('needs a postcode or remote work, and a phone number to be called', () => {
    const issues = (input: object) => QuoteRequestFields.safeParse(input).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues({ ...valid, postcode: '' })).toEqual([['postcode', QUOTE_TEXTS.postcodeOrRemote]]);
    expect(issues({ ...valid, postcode: 'not a postcode' })).toEqual([['postcode', QUOTE_TEXTS.postcodeInvalid]]);
    expect(issues({ ...valid, contactPreference: 'phone' })).toEqual([['phone', QUOTE_TEXTS.phoneRequired]]);
    expect(issues({ ...valid, service: 'All Services' })).toEqual([['service', QUOTE_TEXTS.serviceRequired]]);
    // An empty form says everything at once, the rules across fields included.
    const empty = issues({ service: '', postcode: '', remoteOk: false, details: '', budget: '', timescale: '', contactPreference: 'phone', name: '', email: '', phone: '' });
    expect(empty).toEqual(expect.arrayContaining([['postcode', QUOTE_TEXTS.postcodeOrRemote], ['phone', QUOTE_TEXTS.phoneRequired], ['details', QUOTE_TEXTS.detailsShort]]));
  });

  it('says how each professional reaches the buyer, and where the work is', () => {
    expect(reachText({ kind: 'on_site', distanceMiles: 3.24, travelMiles: 25 })).toBe('On site: 3.2 miles from you (travels up to 25 miles)');
    expect(reachText({ kind: 'remote' })).toBe('Works remotely');
    expect(reachText({ kind: 'asked' })).toBe('You asked them from their profile');
    expect(whereText('LS1', true)).toBe('LS1, on site or remotely');
    expect(whereText('LS1', false)).toBe('LS1, on site');
    expect(whereText(null, true)).toBe('Remote work');
  });
});

describe('a single enquiry and the reply rate', () => {
  it('needs the professional an enquiry is for', () => {
    expect(QuoteRequestFields.parse({ ...valid, professionalId: 7, askedOnly: true })).toMatchObject({ professionalId: 7, askedOnly: true });
    const orphan = QuoteRequestFields.safeParse({ ...valid, askedOnly: true });
    expect(orphan.success).toBe(false);
    expect(orphan.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['askedOnly', 'An enquiry needs the professional it is for']]);
  });

  it('shows the reply rate only from five settled requests, rounded to a whole per cent', () => {
    expect(quoteReplyRateText(4, 4)).toBeNull();
    expect(quoteReplyRateText(0, QUOTE_REPLY_RATE_MIN_REQUESTS)).toBe('Answered 0 of 5 requests for quotes (0%)');
    expect(quoteReplyRateText(10, 12)).toBe('Answered 10 of 12 requests for quotes (83%)');
  });
});
