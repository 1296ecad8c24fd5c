// Messages across the API and the worker (issue 12, items 3 and 6): a signed-in user contacts a
// professional (captcha, not their own listing), the professional reads it in their inbox (unread,
// then read) and replies, the sender sees the reply in 'My messages'; each message is e-mailed to
// the other party through a real SMTP server; only the two parties ever see a thread (admins
// included: 404); the typical reply time appears from 5 answered threads; the rate limits.
import { describe, expect, it } from 'vitest';
import type { ProfessionalListItem } from '../../core/directory';
import { MESSAGE_TEXTS, type ThreadDetail, type ThreadSummary, type ThreadWriteResult } from '../../core/messages';
import { createProfessional } from '../../api/src/testing/factories';
import { solveCaptcha } from '../../api/src/testing/accounts';
import { serveTestApp, type TestApp } from '../../api/src/testing/serve-test-app';
import { useAppAndWorker } from '../support/app-worker';
import { call, liveProvider, signedInUser, waitFor, type SignedInUser } from '../support/community';

const s = useAppAndWorker({
  apiEnv: { LOGIN_LIMIT_PER_IP: '10000', RATE_LIMIT_PER_MINUTE: '100000', MESSAGE_LIMIT_PER_IP: '1000', MESSAGE_LIMIT_PER_USER: '1000' },
});

async function contact(app: TestApp, user: SignedInUser, professionalId: number, fields: Partial<{ subject: string; content: string }> = {}) {
  return call<ThreadWriteResult>(app, 'POST', `/api/professionals/${professionalId}/messages`, {
    body: { subject: 'Office Wi-Fi', content: 'Our Wi-Fi drops every afternoon. Could you take a look this week?', captcha: await solveCaptcha(app), ...fields },
    cookie: user.cookie,
  });
}

const inbox = (user: SignedInUser) => call<ThreadSummary[]>(s.t, 'GET', '/api/messages/inbox', { cookie: user.cookie });
const sent = (user: SignedInUser) => call<ThreadSummary[]>(s.t, 'GET', '/api/messages/sent', { cookie: user.cookie });
const thread = (user: SignedInUser | null, id: number) => call<ThreadDetail>(s.t, 'GET', `/api/messages/threads/${id}`, { cookie: user?.cookie ?? '' });
const reply = (user: SignedInUser, id: number, content: string) =>
  call<ThreadWriteResult>(s.t, 'POST', `/api/messages/threads/${id}/replies`, { body: { content }, cookie: user.cookie });

describe('contacting a professional', () => {
  it('stores the thread, e-mails the professional; the inbox shows it unread; the reply reaches the sender by e-mail and in My messages', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t, { companyName: 'Wired Up Ltd', contactName: 'Robin Owner' });
    const customer = await signedInUser(s.db, s.t, { name: 'Casey Customer' });

    const started = await contact(s.t, customer, professional.id);
    expect(started.status).toBe(201);
    expect(started.body.message).toBe(MESSAGE_TEXTS.sent);
    const threadId = started.body.thread.id;
    expect(started.body.thread).toMatchObject({ subject: 'Office Wi-Fi', viewerRole: 'sender', senderName: 'Casey Customer', professional: { companyName: 'Wired Up Ltd' } });

    await expect.poll(() => s.smtp.to(professional.email).length, { timeout: 10_000 }).toBe(1);
    const newMessage = s.smtp.to(professional.email)[0]!.text;
    expect(newMessage).toMatch(/^Subject: New message on ITConnect: Office Wi-Fi$/m);
    expect(newMessage).toContain('Hello Robin Owner,');
    expect(newMessage).toContain('Our Wi-Fi drops every afternoon.');
    expect(newMessage).toContain(`${s.t.env.PUBLIC_URL}/profile?box=inbox&thread=${threadId}`);

    const unread = await inbox(provider);
    expect(unread.headers.get('X-Unread-Count')).toBe('1');
    expect(unread.headers.get('X-Total-Count')).toBe('1');
    expect(unread.body).toEqual([
      expect.objectContaining({ id: threadId, subject: 'Office Wi-Fi', counterpartName: 'Casey Customer', unreadCount: 1, messageCount: 1, isLastFromViewer: false }),
    ]);

    // Opening it marks it read.
    const opened = await thread(provider, threadId);
    expect(opened.body).toMatchObject({ viewerRole: 'professional', messages: [{ isFromViewer: false, authorName: 'Casey Customer', isRead: false }] });
    expect((await call(s.t, 'POST', `/api/messages/threads/${threadId}/read`, { body: {}, cookie: provider.cookie })).status).toBe(200);
    expect((await inbox(provider)).body[0]!.unreadCount).toBe(0);
    // … and unread again on request.
    await call(s.t, 'POST', `/api/messages/threads/${threadId}/read`, { body: { read: false }, cookie: provider.cookie });
    expect((await inbox(provider)).headers.get('X-Unread-Count')).toBe('1');

    const answered = await reply(provider, threadId, 'Happy to help: Thursday at 10?');
    expect(answered.status).toBe(201);
    expect(answered.body.thread.messages.map((m) => [m.authorName, m.isFromViewer])).toEqual([
      ['Casey Customer', false],
      ['Wired Up Ltd', true],
    ]);
    // Replying marks what the professional was sent as read.
    expect((await inbox(provider)).body[0]).toMatchObject({ unreadCount: 0, messageCount: 2, isLastFromViewer: true });

    await expect.poll(() => s.smtp.to(customer.email).length, { timeout: 10_000 }).toBe(1);
    const answeredMail = s.smtp.to(customer.email)[0]!.text;
    expect(answeredMail).toMatch(/^Subject: Wired Up Ltd replied: Office Wi-Fi$/m);
    expect(answeredMail).toContain('Happy to help: Thursday at 10?');
    expect(answeredMail).toContain(`${s.t.env.PUBLIC_URL}/profile?box=sent&thread=${threadId}`);

    const mine = await sent(customer);
    expect(mine.headers.get('X-Unread-Count')).toBe('1');
    expect(mine.body).toEqual([
      expect.objectContaining({ id: threadId, counterpartName: 'Wired Up Ltd', unreadCount: 1, lastMessagePreview: 'Happy to help: Thursday at 10?', isLastFromViewer: false }),
    ]);
    await call(s.t, 'POST', `/api/messages/threads/${threadId}/read`, { cookie: customer.cookie });
    expect((await sent(customer)).body[0]!.unreadCount).toBe(0);

    // The sender answers back: the professional is e-mailed again and sees it unread.
    await reply(customer, threadId, 'Thursday works, thank you.');
    await expect.poll(() => s.smtp.to(professional.email).length, { timeout: 10_000 }).toBe(2);
    expect((await inbox(provider)).body[0]).toMatchObject({ unreadCount: 1, messageCount: 3 });
  });

  it('refuses the own listing (403), a listing that is not live (404), a missing or reused captcha, and short text', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const own = await contact(s.t, provider, professional.id);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(MESSAGE_TEXTS.ownListing);

    const customer = await signedInUser(s.db, s.t);
    const hidden = await createProfessional(s.db.prisma, { subscriptionStatus: 'cancelled' });
    expect((await contact(s.t, customer, hidden.id)).status).toBe(404);
    expect((await contact(s.t, customer, 99_999_999)).status).toBe(404);

    const noCaptcha = await call(s.t, 'POST', `/api/professionals/${professional.id}/messages`, {
      body: { subject: 'Hello there', content: 'A message without a captcha.' },
      cookie: customer.cookie,
    });
    expect(noCaptcha.status).toBe(422);
    expect(noCaptcha.body.error.fields.captcha).toBe('Please complete the captcha');
    const captcha = await solveCaptcha(s.t);
    const body = { subject: 'Hello there', content: 'A message with a used captcha.', captcha };
    expect((await call(s.t, 'POST', `/api/professionals/${professional.id}/messages`, { body, cookie: customer.cookie })).status).toBe(201);
    expect((await call(s.t, 'POST', `/api/professionals/${professional.id}/messages`, { body, cookie: customer.cookie })).status).toBe(400);

    const short = await contact(s.t, customer, professional.id, { subject: 'Hi', content: 'Call me' });
    expect(short.status).toBe(422);
    expect(short.body.error.fields).toMatchObject({ subject: MESSAGE_TEXTS.subjectShort, content: MESSAGE_TEXTS.contentShort });
  });
});

describe('who sees a thread', () => {
  it('only its sender and the professional: anyone else, admins included, gets 404; only providers have an inbox', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const { provider: otherProvider } = await liveProvider(s.db, s.t);
    const [customer, stranger] = [await signedInUser(s.db, s.t), await signedInUser(s.db, s.t)];
    const admin = await signedInUser(s.db, s.t, { role: 'admin' });
    const threadId = (await contact(s.t, customer, professional.id)).body.thread.id;

    expect((await thread(customer, threadId)).status).toBe(200);
    expect((await thread(provider, threadId)).status).toBe(200);
    for (const outsider of [stranger, otherProvider, admin]) {
      const res = await thread(outsider, threadId);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(MESSAGE_TEXTS.threadNotFound);
      expect((await reply(outsider, threadId, 'Let me in')).status).toBe(404);
      expect((await call(s.t, 'POST', `/api/messages/threads/${threadId}/read`, { cookie: outsider.cookie })).status).toBe(404);
    }
    expect((await thread(null, threadId)).status).toBe(401);
    // A reply's id is not a thread.
    const replyId = (await reply(provider, threadId, 'Thanks for getting in touch.')).body.thread.messages[1]!.id;
    expect((await thread(customer, replyId)).status).toBe(404);

    // The inbox is the provider's own listing's only.
    expect((await inbox(otherProvider)).body.map((s) => s.id)).not.toContain(threadId);
    expect((await call(s.t, 'GET', '/api/messages/inbox', { cookie: customer.cookie })).status).toBe(403);
    expect((await sent(stranger)).body).toEqual([]);
    expect((await sent(provider)).body).toEqual([]);
  });
});

describe('the typical reply time', () => {
  it('appears on the profile from 5 answered threads, as their median first-reply minutes, computed by the worker', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const customer = await signedInUser(s.db, s.t);
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
    // Four answered threads, first replies after 10, 20, 30 and 240 minutes (the later replies don't count).
    for (const minutes of [10, 20, 30, 240]) {
      const first = await s.db.prisma.message.create({
        data: { fromUserId: customer.id, toUserId: provider.id, professionalId: professional.id, subject: 'Help', content: 'Please help.', createdAt: minutesAgo(1000) },
      });
      for (const after of [minutes, minutes + 500]) {
        await s.db.prisma.message.create({
          data: { threadId: first.id, fromUserId: provider.id, toUserId: customer.id, professionalId: professional.id, subject: 'Help', content: 'On it.', createdAt: minutesAgo(1000 - after) },
        });
      }
    }
    // A fifth thread, 45 minutes old, answered now through the API: the worker recomputes.
    const fifth = (await contact(s.t, customer, professional.id)).body.thread.id;
    await s.db.prisma.message.update({ where: { id: fifth }, data: { createdAt: minutesAgo(45) } });
    await reply(provider, fifth, 'Answering the fifth.');
    await waitFor(async () => (await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } })).answeredThreadCount === 5, { what: 'five answered threads' });
    const stored = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } });
    // Median of 10, 20, 30, 45, 240.
    expect(stored.replyTimeMinutes).toBe(30);
    await waitFor(async () => (await call<ProfessionalListItem>(s.t, 'GET', `/api/professionals/slug/${professional.slug}`)).body.replyTimeMinutes === 30, {
      what: 'the profile answer',
    });
  });

  it('is not shown below 5 answered threads', async () => {
    const { professional, provider } = await liveProvider(s.db, s.t);
    const customer = await signedInUser(s.db, s.t);
    const threadId = (await contact(s.t, customer, professional.id)).body.thread.id;
    await reply(provider, threadId, 'Quick answer.');
    await waitFor(async () => (await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } })).answeredThreadCount === 1, { what: 'one answered thread' });
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: professional.id } })).replyTimeMinutes).toBeNull();
    expect((await call<ProfessionalListItem>(s.t, 'GET', `/api/professionals/slug/${professional.slug}`)).body.replyTimeMinutes).toBeNull();
  });
});

describe('rate limits', () => {
  it('limits new conversations per user and per IP, and replies per user (429)', async () => {
    const limited = await serveTestApp({
      database: s.db,
      env: { MESSAGE_LIMIT_PER_USER: '2', MESSAGE_LIMIT_PER_IP: '3', MESSAGE_REPLY_LIMIT_PER_USER: '1', LOGIN_LIMIT_PER_IP: '1000' },
    });
    try {
      const { professional, provider } = await liveProvider(s.db, limited);
      const [first, second] = [await signedInUser(s.db, limited), await signedInUser(s.db, limited)];
      expect((await contact(limited, first, professional.id)).status).toBe(201);
      const threadId = (await contact(limited, first, professional.id)).body.thread.id;
      const perUser = await contact(limited, first, professional.id);
      expect(perUser.status).toBe(429);
      expect(perUser.headers.get('Retry-After')).toMatch(/^\d+$/);
      // The same address: the third conversation from it is its last.
      expect((await contact(limited, second, professional.id)).status).toBe(201);
      expect((await contact(limited, second, professional.id)).status).toBe(429);

      expect((await call(limited, 'POST', `/api/messages/threads/${threadId}/replies`, { body: { content: 'One reply' }, cookie: provider.cookie })).status).toBe(201);
      expect((await call(limited, 'POST', `/api/messages/threads/${threadId}/replies`, { body: { content: 'Two replies' }, cookie: provider.cookie })).status).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
