// Requests for quotes across the API and the worker (issue 32, product rules 40 and 41): the
// double opt-in (nothing reaches a professional before the buyer opens the e-mailed link and
// sends), the matching rules against real listings in PostgreSQL, a request asked from a
// profile and a single enquiry, expired links, the checks of the form and the limits, the answers,
// the buyer's choice and the reply rate.
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { QUOTE_RETENTION_DAYS } from '../../core/retention';
import { anonymiseArchivedAccounts } from '../../worker/src/retention/anonymise-archived-accounts';
import { QUOTE_PICK_TEXTS, QUOTE_REPLY_TEXTS, QUOTE_TEXTS, type MyQuoteRequest, type QuoteRequestView, type ReceivedQuoteRequest } from '../../core/quotes';
import { createUser, errorOf, postJson, signIn, solveCaptcha, uniqueEmail } from '../../api/src/testing/accounts';
import type { ReviewItem } from '../../core/directory';
import { createProfessional, type ProfessionalFactoryInput } from '../../api/src/testing/factories';
import { findQuoteCandidates } from '../../api/src/domain/quotes/quote-candidates';
import { startAppWorker, useAppAndWorker } from '../support/app-worker';
import { call, liveProvider, signedInUser } from '../support/community';

const s = useAppAndWorker({ apiEnv: { QUOTE_LIMIT_PER_IP: '1000', QUOTE_LIMIT_PER_EMAIL: '2' } });

// Postcode district centres (core/geo/uk-outcodes.csv): Bradford is 8.4 miles from Leeds, York 22.
const LEEDS = { lat: 53.7976, lng: -1.5514 };
const BRADFORD = { lat: 53.7966, lng: -1.7544 };
const YORK = { lat: 53.9586, lng: -1.0826 };
const MANCHESTER = { lat: 53.4775, lng: -2.2362 };
const LONDON = { lat: 51.5205, lng: -0.1042 };

const form = (fields: Record<string, unknown> = {}) => ({
  service: 'Web Design',
  postcode: 'LS1 4DY',
  remoteOk: false,
  details: 'A new website for our bakery, with online orders.',
  budget: '1000_5000',
  timescale: 'within_month',
  contactPreference: 'email',
  name: 'Bea Buyer',
  email: uniqueEmail('buyer'),
  ...fields,
});

/** Asks for quotes and returns the private link's token from the e-mail the worker sends. */
async function ask(fields: Record<string, unknown> = {}): Promise<{ token: string; email: string; mail: string }> {
  const body = form(fields);
  const res = await postJson(s.t, '/api/quote-requests', { ...body, captcha: await solveCaptcha(s.t) });
  expect(res.status).toBe(201);
  expect(await res.json()).toEqual({ ok: true, message: QUOTE_TEXTS.checkEmail });
  await expect.poll(() => s.smtp.to(body.email).length, { timeout: 10_000 }).toBe(1);
  const mail = s.smtp.to(body.email)[0]!.text;
  const token = /\/quotes\/request\?token=([\w-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no link in:\n${mail}`);
  return { token, email: body.email, mail };
}

async function send(token: string): Promise<QuoteRequestView> {
  const res = await postJson(s.t, '/api/quote-requests/send', { token });
  expect(res.status).toBe(200);
  return (await res.json()) as QuoteRequestView;
}

const listing = (service: string, at: { lat: number; lng: number }, extra: ProfessionalFactoryInput = {}) =>
  createProfessional(s.db.prisma, { services: [service], ...at, workMode: 'both', travelMiles: 25, ...extra });

describe('requests for quotes', () => {
  it('sends nothing until the buyer opens the link and sends, then goes to those who reach them, once', async () => {
    const near = await listing('Web Design', LEEDS, { companyName: 'Leeds Web Co', rating: 4.8, reviewCount: 30 });
    const bradford = await listing('Web Design', BRADFORD, { workMode: 'on_site', travelMiles: 10 });
    const yorkShort = await listing('Web Design', YORK, { workMode: 'on_site', travelMiles: 10 });
    const yorkFar = await listing('Web Design', YORK, { workMode: 'on_site', travelMiles: 50 });
    const remoteOnly = await listing('Web Design', MANCHESTER, { workMode: 'remote' });
    const london = await listing('Web Design', LONDON);
    await listing('Data Recovery', LEEDS);
    await listing('Web Design', LEEDS, { subscriptionStatus: 'cancelled' });

    const { token, mail, email } = await ask();
    expect(mail).toMatch(/^Subject: Send your request for Web Design quotes$/m);
    expect(mail).toContain('LS1, on site');
    const stored = await s.db.prisma.quoteRequest.findFirstOrThrow({ where: { buyerEmail: email }, include: { links: true } });
    // The district and its centre, never the buyer's full postcode; no usable link stored.
    expect(stored).toMatchObject({ status: 'unconfirmed', postcodeDistrict: 'LS1', lat: LEEDS.lat, lng: LEEDS.lng });
    expect(JSON.stringify(stored)).not.toContain('4DY');
    expect(stored.links).toHaveLength(1);
    expect(stored.links[0]!.tokenHash).not.toContain(token);
    expect(await s.db.prisma.quoteRecipient.count({ where: { requestId: stored.id } })).toBe(0);
    expect(s.smtp.to(near.email)).toHaveLength(0);

    const before = await postJson(s.t, '/api/quote-requests/view', { token });
    expect(await before.json()).toMatchObject({ status: 'unconfirmed', recipients: [], postcodeDistrict: 'LS1', sentAt: null });

    const sent = await send(token);
    expect(sent.status).toBe('open');
    await expect.poll(() => s.smtp.to(near.email).length, { timeout: 10_000 }).toBe(1);
    const ids = sent.recipients.map((r) => r.professional.id);
    expect(new Set(ids)).toEqual(new Set([near.id, bradford.id, yorkFar.id]));
    expect(ids).not.toContain(yorkShort.id);
    expect(ids).not.toContain(remoteOnly.id);
    expect(ids).not.toContain(london.id);
    const fromBradford = sent.recipients.find((r) => r.professional.id === bradford.id)!;
    expect(fromBradford.reach).toMatchObject({ kind: 'on_site', travelMiles: 10 });
    expect((fromBradford.reach as { distanceMiles: number }).distanceMiles).toBeCloseTo(8.4, 0);

    // Sending again (a second click, a retry) changes nothing.
    const again = await send(token);
    expect(again.recipients.map((r) => r.professional.id)).toEqual(ids);
    expect(await s.db.prisma.quoteRecipient.count({ where: { requestId: stored.id } })).toBe(3);

    // Work that can be done remotely reaches those who work remotely, anywhere.
    const remote = await send((await ask({ remoteOk: true })).token);
    expect(new Set(remote.recipients.map((r) => r.professional.id))).toEqual(new Set([near.id, bradford.id, yorkFar.id, remoteOnly.id, london.id]));
    expect(remote.recipients.find((r) => r.professional.id === london.id)!.reach).toEqual({ kind: 'remote' });
  });

  it('finds the candidates in SQL by the same reach, with each listing’s recent requests for the rotation', async () => {
    const first = await listing('Network Setup', LEEDS, { rating: 5, reviewCount: 100 });
    const second = await listing('Network Setup', LEEDS);
    await listing('Network Setup', YORK, { travelMiles: 10 });
    await listing('Network Setup', LONDON, { workMode: 'remote' });
    const sent = await send((await ask({ service: 'Network Setup' })).token);
    expect(sent.recipients).toHaveLength(2);
    const candidates = await findQuoteCandidates(s.db.prisma, { service: 'Network Setup', point: LEEDS, remoteOk: false });
    expect(candidates.map((c) => [c.id, c.recentRequests]).sort()).toEqual([[first.id, 1], [second.id, 1]].sort());
    expect(await findQuoteCandidates(s.db.prisma, { service: 'Network Setup', point: null, remoteOk: false })).toEqual([]);
    const remote = await findQuoteCandidates(s.db.prisma, { service: 'Network Setup', point: null, remoteOk: true });
    // Remotely: all four work remotely (the York one travels only 10 miles, but that is on site).
    expect(remote).toHaveLength(4);
  });

  it('asked from a profile: that professional first, then up to four others', async () => {
    const asked = await listing('Cloud Services', MANCHESTER, { workMode: 'on_site', travelMiles: 5 });
    const others = await Promise.all(Array.from({ length: 6 }, () => listing('Cloud Services', LEEDS)));
    const sent = await send((await ask({ service: 'Cloud Services', professionalId: asked.id })).token);
    expect(sent.recipients).toHaveLength(5);
    // Manchester is 36 miles from Leeds, past their 5: they receive it because the buyer asked them.
    expect(sent.recipients[0]).toMatchObject({ professional: { id: asked.id }, reach: { kind: 'asked' } });
    for (const r of sent.recipients.slice(1)) expect(others.map((o) => o.id)).toContain(r.professional.id);

    const unlisted = await listing('Cloud Services', LEEDS, { subscriptionStatus: 'cancelled' });
    const res = await postJson(s.t, '/api/quote-requests', { ...form({ service: 'Cloud Services', professionalId: unlisted.id }), captcha: await solveCaptcha(s.t) });
    expect(res.status).toBe(404);
    const wrongService = await postJson(s.t, '/api/quote-requests', { ...form({ service: 'Data Recovery', professionalId: asked.id }), captcha: await solveCaptcha(s.t) });
    expect(wrongService.status).toBe(422);
  });

  it('forgets a request not sent in time: its link no longer works', async () => {
    const { token } = await ask({ service: 'Hardware Repair' });
    await s.db.prisma.quoteRequest.updateMany({ where: { service: 'Hardware Repair' }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (const path of ['/api/quote-requests/send', '/api/quote-requests/view']) {
      const res = await postJson(s.t, path, { token });
      expect(res.status).toBe(404);
      expect((await errorOf(res)).message).toBe(QUOTE_TEXTS.linkInvalid);
    }
    expect(await s.db.prisma.quoteRecipient.count({ where: { request: { service: 'Hardware Repair' } } })).toBe(0);
  });

  it('checks the form before storing anything', async () => {
    const before = await s.db.prisma.quoteRequest.count();
    const post = async (fields: Record<string, unknown>) =>
      postJson(s.t, '/api/quote-requests', { ...form(fields), captcha: await solveCaptcha(s.t) });

    const noPlace = await post({ postcode: '', remoteOk: false });
    expect(noPlace.status).toBe(422);
    expect((await errorOf(noPlace)).fields).toEqual({ postcode: QUOTE_TEXTS.postcodeOrRemote });
    const unknown = await post({ postcode: 'ZZ9 9ZZ' });
    expect((await errorOf(unknown)).fields).toEqual({ postcode: QUOTE_TEXTS.postcodeUnknown });
    const phone = await post({ contactPreference: 'phone', phone: '' });
    expect((await errorOf(phone)).fields).toEqual({ phone: QUOTE_TEXTS.phoneRequired });
    const bad = await postJson(s.t, '/api/quote-requests', { service: 'Knitting', details: 'short', budget: 'lots', captcha: '' });
    expect(bad.status).toBe(422);
    expect((await errorOf(bad)).fields).toMatchObject({ service: QUOTE_TEXTS.serviceRequired, details: QUOTE_TEXTS.detailsShort, captcha: 'Please complete the captcha' });
    expect(await s.db.prisma.quoteRequest.count()).toBe(before);
  });

  it('is limited per e-mail address a day (429)', async () => {
    const email = uniqueEmail('eager');
    const post = async () => postJson(s.t, '/api/quote-requests', { ...form({ email, service: 'Data Recovery' }), captcha: await solveCaptcha(s.t) });
    expect((await post()).status).toBe(201);
    expect((await post()).status).toBe(201);
    const over = await post();
    expect(over.status).toBe(429);
    expect(over.headers.get('Retry-After')).toMatch(/^\d+$/);
  });

  it('the daily retention run deletes unsent requests, closes old ones and later removes the buyer’s details', async () => {
    const day = 86_400_000;
    const now = Date.now();
    const base = {
      service: 'Backup Solutions', postcodeDistrict: 'LS1', remoteOk: false, details: 'Nightly backups for three laptops.', budget: 'under_250', timescale: 'flexible',
      contactPreference: 'phone', buyerName: 'Ria Retained', buyerEmail: uniqueEmail('kept'), buyerPhone: '0113 496 0000', expiresAt: new Date(now + day),
    };
    const unsentExpired = await s.db.prisma.quoteRequest.create({ data: { ...base, expiresAt: new Date(now - 1000) } });
    const unsentWaiting = await s.db.prisma.quoteRequest.create({ data: base });
    const due = await s.db.prisma.quoteRequest.create({ data: { ...base, status: 'open', confirmedAt: new Date(now - 31 * day), closesAt: new Date(now - day) } });
    const open = await s.db.prisma.quoteRequest.create({ data: { ...base, status: 'open', confirmedAt: new Date(now - day), closesAt: new Date(now + 29 * day) } });
    const old = await s.db.prisma.quoteRequest.create({ data: { ...base, status: 'closed', closedAt: new Date(now - (QUOTE_RETENTION_DAYS + 1) * day) } });

    const run = await anonymiseArchivedAccounts({ prisma: s.db.prisma, logger: pino({ level: 'silent' }) });
    expect(run.quoteRequests).toMatchObject({ unsentDeleted: expect.any(Number), closed: expect.any(Number), anonymised: 1 });
    expect(await s.db.prisma.quoteRequest.findUnique({ where: { id: unsentExpired.id } })).toBeNull();
    expect(await s.db.prisma.quoteRequest.findUnique({ where: { id: unsentWaiting.id } })).toMatchObject({ status: 'unconfirmed', buyerName: 'Ria Retained' });
    expect(await s.db.prisma.quoteRequest.findUnique({ where: { id: due.id } })).toMatchObject({ status: 'closed', buyerName: 'Ria Retained' });
    expect(await s.db.prisma.quoteRequest.findUnique({ where: { id: open.id } })).toMatchObject({ status: 'open' });
    const blanked = await s.db.prisma.quoteRequest.findUniqueOrThrow({ where: { id: old.id } });
    expect(blanked).toMatchObject({ buyerName: 'Deleted user', buyerEmail: `deleted-quote-request-${old.id}@deleted.invalid`, buyerPhone: null, details: '', service: 'Backup Solutions', postcodeDistrict: 'LS1' });
    expect(blanked.anonymisedAt).not.toBeNull();

    // Running again changes nothing more.
    const again = await anonymiseArchivedAccounts({ prisma: s.db.prisma, logger: pino({ level: 'silent' }) });
    expect(again.quoteRequests).toEqual({ unsentDeleted: 0, closed: 0, anonymised: 0 });
  });

  it('professionals are e-mailed each request without the buyer’s contact details, and answer it once', async () => {
    const { professional: a, provider: providerA } = await liveProvider(s.db, s.t, { services: ['Mobile App Development'], ...LEEDS, workMode: 'both', travelMiles: 25 });
    const { professional: b, provider: providerB } = await liveProvider(s.db, s.t, { services: ['Mobile App Development'], ...BRADFORD, workMode: 'both', travelMiles: 25 });
    const { provider: outsider } = await liveProvider(s.db, s.t, { services: ['Data Recovery'], ...LEEDS });
    const phone = '07700 900123';
    const { token, email } = await ask({ service: 'Mobile App Development', name: 'Bea Quinton-Buyer', contactPreference: 'phone', phone });
    await send(token);

    for (const pro of [a, b]) {
      await expect.poll(() => s.smtp.to(pro.email).length, { timeout: 10_000 }).toBe(1);
      const mail = s.smtp.to(pro.email)[0]!.text;
      expect(mail).toMatch(/^Subject: New request for quotes: Mobile App Development, LS1, on site$/m);
      expect(mail).toContain('Bea is looking for Mobile App Development');
      expect(mail).toContain('/profile?quote=');
      for (const secret of [email, phone, 'Quinton', '4DY']) expect(mail).not.toContain(secret);
    }
    expect(s.smtp.to(a.email)[0]!.text).toContain('the job is 0.0 miles from you, within the 25 miles you travel');
    // A second Send asks again, and nothing more is sent.
    await send(token);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(s.smtp.to(a.email)).toHaveLength(1);

    const inbox = await call<ReceivedQuoteRequest[]>(s.t, 'GET', '/api/quotes/received', { cookie: providerA.cookie });
    expect(inbox.status).toBe(200);
    expect(inbox.body).toHaveLength(1);
    const received = inbox.body[0]!;
    expect(received).toMatchObject({ service: 'Mobile App Development', postcodeDistrict: 'LS1', buyerFirstName: 'Bea', status: 'open', reply: null, flaggedSpam: false });
    for (const secret of [email, phone, 'Quinton']) expect(JSON.stringify(inbox.body)).not.toContain(secret);

    const path = `/api/quotes/${received.id}/reply`;
    const bad = await call(s.t, 'POST', path, { cookie: providerA.cookie, body: { kind: 'quote', pricePence: 0 } });
    expect(bad.status).toBe(422);
    expect(bad.body.error.fields).toMatchObject({ pricePence: QUOTE_REPLY_TEXTS.priceInvalid, priceUnit: QUOTE_REPLY_TEXTS.unitRequired });
    const quoted = await call<ReceivedQuoteRequest>(s.t, 'POST', path, { cookie: providerA.cookie, body: { kind: 'quote', pricePence: 45_000, priceUnit: 'fixed', message: 'An app for iOS and Android in six weeks.' } });
    expect(quoted.status).toBe(200);
    expect(quoted.body.reply).toMatchObject({ kind: 'quote', pricePence: 45_000, priceUnit: 'fixed', message: 'An app for iOS and Android in six weeks.' });
    const twice = await call(s.t, 'POST', path, { cookie: providerA.cookie, body: { kind: 'decline' } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(QUOTE_REPLY_TEXTS.alreadyReplied);
    // Someone the request did not go to cannot answer or flag it, nor learn it exists.
    expect((await call(s.t, 'POST', path, { cookie: outsider.cookie, body: { kind: 'decline' } })).status).toBe(404);
    expect((await call(s.t, 'POST', `/api/quotes/${received.id}/spam`, { cookie: outsider.cookie, body: {} })).status).toBe(404);

    const flagged = await call(s.t, 'POST', `/api/quotes/${received.id}/spam`, { cookie: providerB.cookie, body: {} });
    expect(flagged.body).toEqual({ ok: true, message: QUOTE_REPLY_TEXTS.flagged });
    await s.db.prisma.quoteRequest.update({ where: { id: received.id }, data: { status: 'closed', closedAt: new Date() } });
    const late = await call(s.t, 'POST', path, { cookie: providerB.cookie, body: { kind: 'message', message: 'Happy to help with this.' } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe(QUOTE_REPLY_TEXTS.closed);
    const bInbox = await call<ReceivedQuoteRequest[]>(s.t, 'GET', '/api/quotes/received', { cookie: providerB.cookie });
    expect(bInbox.body[0]).toMatchObject({ flaggedSpam: true, reply: null, status: 'closed' });
  });

  it('the buyer compares the answers, picks one; the picked one learns how to reach them, the others are told', async () => {
    const pro = (at: { lat: number; lng: number }) => liveProvider(s.db, s.t, { services: ['UI/UX Design'], ...at, workMode: 'both', travelMiles: 25 });
    const [a, b, c] = [await pro(LEEDS), await pro(BRADFORD), await pro(LEEDS)];
    const { token, email } = await ask({ service: 'UI/UX Design', name: 'Cleo Chooser', contactPreference: 'phone', phone: '0113 496 0999' });
    const sent = await send(token);
    const id = sent.id;
    const answer = (who: typeof a, body: object) => call(s.t, 'POST', `/api/quotes/${id}/reply`, { cookie: who.provider.cookie, body });
    expect((await answer(a, { kind: 'quote', pricePence: 60_000, priceUnit: 'fixed' })).status).toBe(200);
    expect((await answer(b, { kind: 'message', message: 'Could we have a call first?' })).status).toBe(200);
    expect((await answer(c, { kind: 'decline' })).status).toBe(200);

    // The guest hears of each answer (not of 'not for us'), with a new link to the same request.
    await expect.poll(() => s.smtp.to(email).length, { timeout: 10_000 }).toBe(3);
    const answered = s.smtp.to(email).slice(1).map((m) => m.text);
    expect(answered.some((m) => /^Subject: .* answered your UI\/UX Design request$/m.test(m) && m.includes('£600 fixed price'))).toBe(true);
    expect(answered.some((m) => m.includes('Could we have a call first?'))).toBe(true);
    const newToken = /\/quotes\/request\?token=([\w-]+)/.exec(answered[0]!)![1]!;
    expect(newToken).not.toBe(token);
    expect((await call<QuoteRequestView>(s.t, 'POST', '/api/quote-requests/view', { body: { token: newToken } })).body.id).toBe(id);

    const seen = (await call<QuoteRequestView>(s.t, 'POST', '/api/quote-requests/view', { body: { token } })).body;
    const byId = new Map(seen.recipients.map((r) => [r.professional.id, r]));
    expect(byId.get(a.professional.id)).toMatchObject({ reply: { kind: 'quote', pricePence: 60_000, priceUnit: 'fixed' }, replyMinutes: 0, outcome: null });
    expect(byId.get(b.professional.id)!.reach).toMatchObject({ kind: 'on_site' });
    expect(byId.get(c.professional.id)!.reply).toMatchObject({ kind: 'decline' });

    const pick = (professionalId: number | null) => call<QuoteRequestView>(s.t, 'POST', '/api/quote-requests/pick', { body: { token, professionalId } });
    const decliner = await pick(c.professional.id);
    expect(decliner.status).toBe(409);
    expect(decliner.body.error.message).toBe(QUOTE_PICK_TEXTS.notAnswered);
    const picked = await pick(a.professional.id);
    expect(picked.status).toBe(200);
    expect(picked.body.status).toBe('closed');
    expect(new Map(picked.body.recipients.map((r) => [r.professional.id, r.outcome]))).toEqual(
      new Map([[a.professional.id, 'chosen'], [b.professional.id, 'not_chosen'], [c.professional.id, 'not_chosen']]),
    );
    const again = await pick(b.professional.id);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(QUOTE_PICK_TEXTS.alreadyDecided);

    // Now, and only for the one picked, the buyer's contact details.
    const aInbox = await call<ReceivedQuoteRequest[]>(s.t, 'GET', '/api/quotes/received', { cookie: a.provider.cookie });
    expect(aInbox.body[0]).toMatchObject({ outcome: 'chosen', buyer: { name: 'Cleo Chooser', email, phone: '0113 496 0999', contactPreference: 'phone' } });
    const bInbox = await call<ReceivedQuoteRequest[]>(s.t, 'GET', '/api/quotes/received', { cookie: b.provider.cookie });
    expect(bInbox.body[0]).toMatchObject({ outcome: 'not_chosen', buyer: null });
    expect(JSON.stringify(bInbox.body)).not.toContain(email);

    await expect.poll(() => s.smtp.to(a.professional.email).length, { timeout: 10_000 }).toBe(2);
    const chosenMail = s.smtp.to(a.professional.email)[1]!.text;
    expect(chosenMail).toMatch(/^Subject: Cleo Chooser picked you for UI\/UX Design$/m);
    expect(chosenMail).toContain(email);
    expect(chosenMail).toContain('0113 496 0999');
    await expect.poll(() => s.smtp.to(b.professional.email).length, { timeout: 10_000 }).toBe(2);
    expect(s.smtp.to(b.professional.email)[1]!.text).toMatch(/^Subject: Cleo has decided on their UI\/UX Design request$/m);
    expect(s.smtp.to(b.professional.email)[1]!.text).not.toContain(email);
    // Who said 'not for us' hears nothing more.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(s.smtp.to(c.professional.email)).toHaveLength(1);

    // With an account of the same address, the guest's review of the one they picked is labelled
    // as a job found through ITConnect; a review of another is not.
    const account = await createUser(s.db.prisma, { email, name: 'Cleo Chooser' });
    const cookie = await signIn(s.t, account.email);
    const write = (professionalId: number) =>
      call(s.t, 'POST', '/api/reviews', { cookie, body: { professionalId, rating: 5, title: 'Lovely new app design', comment: 'Clear, quick and exactly what we asked for.', projectType: 'UI/UX Design', wouldRecommend: true } });
    expect((await write(a.professional.id)).status).toBe(201);
    expect((await write(b.professional.id)).status).toBe(201);
    const label = async (professionalId: number) =>
      (await call<ReviewItem[]>(s.t, 'GET', `/api/reviews?professionalId=${professionalId}`)).body.map((r) => r.foundThroughQuote);
    expect(await label(a.professional.id)).toEqual([true]);
    expect(await label(b.professional.id)).toEqual([false]);
  });

  it('a signed-in customer sees their own requests, and opens one through a new link', async () => {
    const customer = await signedInUser(s.db, s.t, { name: 'Ivy Account' });
    const other = await signedInUser(s.db, s.t, { name: 'Otto Other' });
    await listing('Software Development', LEEDS);
    // One asked while signed in (any address), one as a guest from the account's own address.
    const signedInAsk = await postJson(s.t, '/api/quote-requests', { ...form({ service: 'Software Development', email: uniqueEmail('ivy-alt') }), captcha: await solveCaptcha(s.t) }, customer.cookie);
    expect(signedInAsk.status).toBe(201);
    const { token } = await ask({ service: 'Software Development', email: customer.email });
    await send(token);

    const mine = await call<MyQuoteRequest[]>(s.t, 'GET', '/api/quote-requests/mine', { cookie: customer.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body).toHaveLength(2);
    expect(mine.body[0]).toMatchObject({ service: 'Software Development', status: 'open', recipients: 1, answers: 0, picked: null });
    expect(mine.body[1]).toMatchObject({ status: 'unconfirmed', sentAt: null });
    expect((await call<MyQuoteRequest[]>(s.t, 'GET', '/api/quote-requests/mine', { cookie: other.cookie })).body).toEqual([]);

    const link = await call<{ token: string }>(s.t, 'POST', `/api/quote-requests/${mine.body[0]!.id}/link`, { cookie: customer.cookie, body: {} });
    expect(link.status).toBe(200);
    expect(link.body.token).not.toBe(token);
    expect((await call<QuoteRequestView>(s.t, 'POST', '/api/quote-requests/view', { body: { token: link.body.token } })).body.id).toBe(mine.body[0]!.id);
    expect((await call(s.t, 'POST', `/api/quote-requests/${mine.body[0]!.id}/link`, { cookie: other.cookie, body: {} })).status).toBe(404);
  });

  it('a guest’s single enquiry goes, once confirmed, to that professional alone', async () => {
    const asked = await listing('Cybersecurity', LEEDS, { companyName: 'Aire Net Guard' });
    const others = await Promise.all(Array.from({ length: 3 }, () => listing('Cybersecurity', LEEDS)));
    const { token, mail } = await ask({ service: 'Cybersecurity', professionalId: asked.id, askedOnly: true });
    expect(mail).toMatch(/^Subject: Send your enquiry to Aire Net Guard$/m);
    expect(mail).toContain('You asked Aire Net Guard about Cybersecurity');
    expect(s.smtp.to(asked.email)).toHaveLength(0);
    const before = (await call<QuoteRequestView>(s.t, 'POST', '/api/quote-requests/view', { body: { token } })).body;
    expect(before).toMatchObject({ status: 'unconfirmed', askedOnly: true, askedCompany: 'Aire Net Guard', recipients: [] });

    const sent = await send(token);
    expect(sent.recipients.map((r) => r.professional.id)).toEqual([asked.id]);
    await expect.poll(() => s.smtp.to(asked.email).length, { timeout: 10_000 }).toBe(1);
    expect(s.smtp.to(asked.email)[0]!.text).toMatch(/^Subject: New enquiry: Cybersecurity, LS1, on site$/m);
    expect(s.smtp.to(asked.email)[0]!.text).toContain('They sent this enquiry to you only');
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const other of others) expect(s.smtp.to(other.email)).toHaveLength(0);

    // An enquiry needs its professional; a listing that left meanwhile receives nothing.
    const orphan = await postJson(s.t, '/api/quote-requests', { ...form({ service: 'Cybersecurity', askedOnly: true }), captcha: await solveCaptcha(s.t) });
    expect(orphan.status).toBe(422);
    expect((await errorOf(orphan)).fields).toEqual({ askedOnly: 'An enquiry needs the professional it is for' });
    const leaving = await ask({ service: 'Cybersecurity', professionalId: others[0]!.id, askedOnly: true });
    await s.db.prisma.professional.update({ where: { id: others[0]!.id }, data: { subscriptionStatus: 'cancelled' } });
    expect((await send(leaving.token)).recipients).toEqual([]);
  });

  it('an answer stored while its e-mail could not be queued reaches the buyer through the worker’s sweep, once', async () => {
    const pro = await listing('Server Management', LEEDS, { companyName: 'Kirkstall Servers' });
    const { token, email } = await ask({ service: 'Server Management' });
    const { id } = await send(token);
    // The API committed the answer and died before queueing its e-mail.
    await s.db.prisma.quoteRecipient.update({
      where: { requestId_professionalId: { requestId: id, professionalId: pro.id } },
      data: { replyKind: 'quote', pricePence: 12_000, priceUnit: 'day', repliedAt: new Date(Date.now() - 1000) },
    });
    const sweeper = await startAppWorker(s.db, s.t, { SMTP_URL: s.smtp.url, STRIPE_EVENT_SWEEP_AFTER_MS: '200', STRIPE_EVENT_SWEEP_EVERY_MS: '300' });
    try {
      await expect.poll(() => s.smtp.to(email).length, { timeout: 10_000 }).toBe(2);
      expect(s.smtp.to(email)[1]!.text).toContain('£120 per day');
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(s.smtp.to(email)).toHaveLength(2);
    } finally {
      await sweeper.close();
    }
  });

  it('a listing’s reply rate counts settled requests (answered, or closed unanswered), leaving out spam', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t, { services: ['Data Migration'], ...LEEDS, workMode: 'both', travelMiles: 25 });
    const day = 86_400_000;
    const now = Date.now();
    const request = (status: 'open' | 'closed', extra: object = {}) =>
      s.db.prisma.quoteRequest.create({
        data: {
          service: 'Data Migration', postcodeDistrict: 'LS1', lat: LEEDS.lat, lng: LEEDS.lng, remoteOk: false, details: 'Move our mail to a new provider.', budget: 'under_250',
          timescale: 'flexible', contactPreference: 'email', buyerName: 'Rae Rate', buyerEmail: uniqueEmail('rate'), expiresAt: new Date(now + day), status,
          confirmedAt: new Date(now - 2 * day), closesAt: new Date(now + 28 * day), ...(status === 'closed' ? { closedAt: new Date(now - day) } : {}), ...extra,
          recipients: { create: { professionalId: professional.id, reach: { kind: 'on_site', distanceMiles: 0, travelMiles: 25 }, fit: 1, position: 0, sentAt: new Date(now - 2 * day) } },
        },
      });
    const answered = { replyKind: 'decline', repliedAt: new Date(now - day) };
    for (let i = 0; i < 3; i++) {
      const r = await request('closed');
      await s.db.prisma.quoteRecipient.update({ where: { requestId_professionalId: { requestId: r.id, professionalId: professional.id } }, data: answered });
    }
    await request('closed'); // closed unanswered: counts against them
    const stillOpen = await request('open'); // open and unanswered: not yet counted
    const reported = await request('closed');
    await s.db.prisma.quoteRecipient.update({ where: { requestId_professionalId: { requestId: reported.id, professionalId: professional.id } }, data: { flaggedSpamAt: new Date() } });
    await request('closed', { spamVerdict: 'spam', spamReviewedAt: new Date() }); // judged spam by an admin
    const toAnswer = await request('open');

    // An answer through the API asks the worker to recount.
    expect((await call(s.t, 'POST', `/api/quotes/${toAnswer.id}/reply`, { cookie: provider.cookie, body: { kind: 'message', message: 'We can do this next week.' } })).status).toBe(200);
    const counts = () => s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id }, select: { quoteRequestsSettled: true, quoteRequestsAnswered: true } });
    await expect.poll(counts, { timeout: 10_000 }).toEqual({ quoteRequestsSettled: 5, quoteRequestsAnswered: 4 });
    await expect
      .poll(async () => (await call<{ quoteRequestsSettled: number; quoteRequestsAnswered: number }>(s.t, 'GET', `/api/professionals/${professional.id}`)).body, { timeout: 10_000 })
      .toMatchObject({ quoteRequestsSettled: 5, quoteRequestsAnswered: 4 });

    // The open one closes unanswered in the daily run, which recounts everyone.
    await s.db.prisma.quoteRequest.update({ where: { id: stillOpen.id }, data: { closesAt: new Date(now - 1000) } });
    await anonymiseArchivedAccounts({ prisma: s.db.prisma, logger: pino({ level: 'silent' }) });
    expect(await counts()).toEqual({ quoteRequestsSettled: 6, quoteRequestsAnswered: 4 });
  });
});

