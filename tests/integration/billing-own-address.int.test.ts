// Only the owner of an address applies with it (issue 29, product rule 24, decision 0029). The probe
// that found the hole: a second POST /api/create-application-checkout with the same address, from
// another address and with another password, overwrote the first applicant's company and password,
// expired their checkout (their verify-payment then answered 404), and the paid checkout made the
// account with the newcomer's password. Now a visitor's form waits with a sign-up until the link
// e-mailed to the address is used, with the password chosen in that form; nothing anyone else sends
// alters it, and the applicant who lost a tab or had a card declined pays again in one step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLY_MESSAGES } from '../../core/billing';
import { AUTH_MESSAGES } from '../../core/auth';
import { createUser, errorOf, postJson, signIn, uniqueEmail } from '../../api/src/testing/accounts';
import { billingJourneys } from '../support/billing-journeys';
import { startBillingStack, type BillingStack } from '../support/billing-stack';

let s: BillingStack;
let j: ReturnType<typeof billingJourneys>;

beforeAll(async () => {
  s = await startBillingStack({ apiEnv: { TRUST_PROXY_HOPS: '1' } });
  j = billingJourneys(s);
});

afterAll(async () => {
  await s?.close();
});

/** The form sent from a given network address (behind the test's one trusted proxy). */
function sendFrom(ip: string, overrides: Record<string, unknown>) {
  const real = s.t.fetch.bind(s.t);
  s.t.fetch = (path, init) => real(path, { ...init, headers: { ...(init?.headers as Record<string, string>), 'X-Forwarded-For': ip } });
  return j.sendApplication(overrides).finally(() => (s.t.fetch = real));
}

describe('a second application for the same address', () => {
  it('never alters the first: only the link sent to the address, used with the password chosen with it, makes the account and its application', async () => {
    const email = uniqueEmail('owner');
    const owner = { email, companyName: 'Owner Networks Ltd', password: 'owner chose this one', confirmPassword: 'owner chose this one' };
    const intruder = { email, companyName: 'Intruder IT', password: 'intruder knows this', confirmPassword: 'intruder knows this' };

    const first = await sendFrom('198.51.100.10', owner);
    const ownersLink = await j.nextApplicationLink(email, 0);
    const second = await sendFrom('203.0.113.99', intruder);
    // Both are told the same, and neither made an account or an application.
    expect([first.res.status, second.res.status]).toEqual([202, 202]);
    expect(await second.res.json()).toEqual({ emailSent: true, message: APPLY_MESSAGES.confirmationSent });
    expect(await s.db.prisma.user.count({ where: { email } })).toBe(0);
    expect(await s.db.prisma.application.count({ where: { email } })).toBe(0);

    // The intruder's request went to the owner's inbox too: a link the owner might press by mistake.
    const intrudersLink = await j.nextApplicationLink(email, 1);
    expect(intrudersLink).not.toBe(ownersLink);
    const mistaken = await j.confirmApplication(intrudersLink, owner.password);
    expect(mistaken.res.status).toBe(400);
    expect((await errorOf(mistaken.res)).message).toBe(AUTH_MESSAGES.registrationWrongPassword);
    expect(await s.db.prisma.user.count({ where: { email } })).toBe(0);

    // The owner's own link, with their password: their account, their application, waiting for payment.
    const confirmed = await j.confirmApplication(ownersLink, owner.password);
    expect(confirmed.res.status).toBe(201);
    expect(await confirmed.res.json()).toMatchObject({ email, role: 'customer', applicationId: expect.any(Number) });
    const checkout = await postJson(s.t, '/api/application/checkout', {}, confirmed.cookie);
    expect(checkout.status).toBe(200);
    const { applicationId } = (await checkout.json()) as { applicationId: number };
    const before = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
    expect(before).toMatchObject({ companyName: 'Owner Networks Ltd', status: 'pending_payment' });

    // The intruder tries again, and once more with the link they can never read: nothing moves.
    expect((await sendFrom('203.0.113.99', { ...intruder, companyName: 'Intruder Again' })).res.status).toBe(202);
    expect((await j.confirmApplication(intrudersLink, intruder.password)).res.status).toBe(400);
    const after = await s.db.prisma.application.findUniqueOrThrow({ where: { id: applicationId } });
    expect(after).toEqual(before);
    expect(await s.db.prisma.application.count({ where: { email } })).toBe(1);
    // The owner's checkout is still theirs to pay, and verifying it works.
    const verify = await s.t.fetch(`/api/verify-payment?session_id=${after.checkoutSessionId}&application_id=${applicationId}`);
    expect(verify.status).toBe(200);

    await s.stripe.controls.pay(after.checkoutSessionId!);
    await j.settle();
    const account = await s.db.prisma.user.findUniqueOrThrow({ where: { email }, include: { professional: true } });
    expect(account.role).toBe('provider');
    expect(account.professional).toMatchObject({ companyName: 'Owner Networks Ltd' });
    // The account signs in with the owner's password, never the intruder's.
    await signIn(s.t, email, owner.password);
    await expect(signIn(s.t, email, intruder.password)).rejects.toThrow(/401/);
    // The owner was told once that the address already has an account (the third request).
    await expect.poll(() => j.mailsTo(email, /You already have an ITConnect account/).length, { timeout: 10_000 }).toBe(1);
  });

  it('a link works once, and only a few wrong passwords are tried at it', async () => {
    const email = uniqueEmail('tries');
    const sent = await j.sendApplication({ email });
    expect(sent.res.status).toBe(202);
    const link = await j.nextApplicationLink(email, 0);
    for (let i = 0; i < 5; i += 1) expect((await j.confirmApplication(link, `wrong password ${i}`)).res.status).toBe(400);
    // The sixth try is refused before the password is looked at, even the right one.
    expect((await j.confirmApplication(link, sent.body.password)).res.status).toBe(429);
    expect(await s.db.prisma.user.count({ where: { email } })).toBe(0);
  });
});

describe('the same applicant again', () => {
  it('pays after a declined card, a lost tab or a day away with one step, and is charged once', async () => {
    const { res, body, cookie } = await j.apply({ email: uniqueEmail('retry') });
    expect(res.status).toBe(200);
    const { applicationId } = (await res.json()) as { applicationId: number };
    const firstSession = await j.checkoutOf(applicationId);
    await s.stripe.controls.decline(firstSession);

    // The applicant, signed in since the link, sees the application waiting and pays it again.
    const open = await s.t.fetch('/api/application', { headers: { Cookie: cookie } });
    expect(await open.json()).toEqual({ id: applicationId, companyName: body.companyName, plan: 'monthly', status: 'pending_payment' });
    const again = await postJson(s.t, '/api/application/checkout', {}, cookie);
    expect(again.status).toBe(200);
    const secondSession = await j.checkoutOf(applicationId);
    expect(secondSession).not.toBe(firstSession);
    // The first checkout can no longer be paid.
    const old = await j.stripeGet<{ status: string }>(`/v1/checkout/sessions/${firstSession}`);
    expect(old.status).toBe('expired');

    // A day later, signed in afresh: the same.
    const later = await signIn(s.t, body.email, body.password);
    const third = await postJson(s.t, '/api/application/checkout', {}, later);
    expect(third.status).toBe(200);
    const thirdSession = await j.checkoutOf(applicationId);
    await s.stripe.controls.pay(thirdSession);
    await j.settle();
    const account = await s.db.prisma.user.findUniqueOrThrow({ where: { email: body.email } });
    expect(await s.db.prisma.payment.count({ where: { professionalId: account.professionalId! } })).toBe(1);
    expect(await (await s.t.fetch('/api/application', { headers: { Cookie: later } })).json()).toMatchObject({ id: applicationId, status: 'pending' });
    // Nothing left to pay.
    const done = await postJson(s.t, '/api/application/checkout', {}, later);
    expect(done.status).toBe(409);
    expect((await errorOf(done)).message).toBe(APPLY_MESSAGES.alreadyPending);
  });

  it('answers 404 to a signed-in user with nothing to pay, and 401 to a visitor', async () => {
    const cookie = await signIn(s.t, (await createUser(s.db.prisma)).email);
    expect(await (await s.t.fetch('/api/application', { headers: { Cookie: cookie } })).json()).toBeNull();
    const nothing = await postJson(s.t, '/api/application/checkout', {}, cookie);
    expect(nothing.status).toBe(404);
    expect((await errorOf(nothing)).message).toBe(APPLY_MESSAGES.noApplicationWaiting);
    expect((await postJson(s.t, '/api/application/checkout', {})).status).toBe(401);
    expect((await s.t.fetch('/api/application')).status).toBe(401);
  });
});
