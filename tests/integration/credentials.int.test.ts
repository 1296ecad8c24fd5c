// Checks a professional can earn, end to end (issue 34, product rule 45, decision 0041): the API
// and a worker beside it, real PostgreSQL, Redis and SMTP. Each kind's life: submitted (with its
// evidence where the kind asks for it) → approved by an admin → on the public profile and in the
// directory's flag columns → reminded 30 days before → reminded 7 days before → expired on its day
// (off the listing, audited, e-mailed) → a second run changes nothing. A rejection is e-mailed with
// its reason and audited. Evidence files are private: anonymous, a customer and another provider
// get 404, the owner and an admin get the bytes. Bad inputs are 4xx with messages. The retention
// run deletes evidence files on their schedule (core/retention.ts).
import { randomBytes } from 'node:crypto';
import { readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Queue, QueueEvents } from 'bullmq';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, CREDENTIAL_AUDIT_ACTIONS, CREDENTIAL_PATHS, MAX_EVIDENCE_BYTES, ukIsoDate, type AdminCredential, type CredentialKind, type EvidenceFileInfo, type MyCredential, type PublicCheck } from '../../core/credentials';
import type { ProfessionalListItem } from '../../core/directory';
import { localEvidenceStorage } from '../../core/evidence-storage.server';
import { JOBS, jobOptions, queuePrefix } from '../../core/jobs';
import { getTestRedisUrl } from '../support/services';
import { CREDENTIALS_SCHEDULER_ID } from '../../worker/src/schedules';
import { createUser, errorOf, postJson, signIn } from '../../api/src/testing/accounts';
import { createProfessional } from '../../api/src/testing/factories';
import { deleteExpiredEvidence } from '../../worker/src/credentials/evidence-retention';
import { watchCredentials } from '../../worker/src/credentials/watch-credentials';
import { useAppAndWorker } from '../support/app-worker';

const evidenceDir = path.join(tmpdir(), `itc-evidence-${randomBytes(6).toString('hex')}`);
const s = useAppAndWorker({
  apiEnv: { EVIDENCE_DIR: evidenceDir, LOGIN_LIMIT_PER_IP: '1000', CREDENTIAL_LIMIT_PER_USER: '1000' },
  workerEnv: { EVIDENCE_DIR: evidenceDir },
});

afterAll(async () => {
  await rm(evidenceDir, { recursive: true, force: true });
});

const api = (p: string) => `/api${p}`;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(40, 1)]);
const today = () => ukIsoDate(Date.now());
const silent = pino({ level: 'silent' });

async function provider(companyName = 'Harbour Lane IT Ltd') {
  const pro = await createProfessional(s.db.prisma, { companyName });
  const user = await createUser(s.db.prisma, { role: 'provider', professionalId: pro.id, name: 'Priya Shah' });
  return { pro, user, cookie: await signIn(s.t, user.email) };
}

let adminCookie: string | undefined;
async function admin(): Promise<string> {
  adminCookie ??= await signIn(s.t, (await createUser(s.db.prisma, { role: 'admin', name: 'Checking Admin' })).email);
  return adminCookie;
}

function uploadEvidence(cookie: string, body: Buffer, name = 'certificate.pdf', contentType = 'application/pdf'): Promise<Response> {
  return s.t.fetch(`${api(CREDENTIAL_PATHS.uploadEvidence)}?name=${encodeURIComponent(name)}`, {
    method: 'PUT',
    headers: { 'Content-Type': contentType, Cookie: cookie },
    body: new Uint8Array(body),
  });
}

async function uploaded(cookie: string, body = PDF, name = 'certificate.pdf'): Promise<EvidenceFileInfo> {
  const res = await uploadEvidence(cookie, body, name);
  expect(res.status).toBe(201);
  return (await res.json()) as EvidenceFileInfo;
}

const withId = (template: string, id: number) => template.replace(':id', String(id));

function getEvidence(name: string, cookie?: string): Promise<Response> {
  return s.t.fetch(api(CREDENTIAL_PATHS.evidence.replace(':name', name)), { headers: cookie ? { Cookie: cookie } : {} });
}

async function publicChecks(slug: string): Promise<PublicCheck[]> {
  const res = await s.t.fetch(`/api/professionals/slug/${slug}`);
  expect(res.status).toBe(200);
  return ((await res.json()) as ProfessionalListItem).verifiedChecks;
}

async function submit(cookie: string, body: Record<string, unknown>): Promise<Response> {
  return postJson(s.t, api(CREDENTIAL_PATHS.mine), body, cookie);
}

/** Every queued e-mail the API or the watch adds goes through the real worker to the SMTP server. */
function watch(todayUk: string) {
  return watchCredentials({ prisma: s.db.prisma, logger: silent, publicUrl: s.t.env.PUBLIC_URL, sendEmail: async (payload) => void (await s.t.api.queues.enqueue('sendEmail', payload)) }, todayUk);
}

/** The messages to `address` whose text has `phrase` (the worker sends them through the test SMTP server). */
const mails = (address: string, phrase: string) => s.smtp.to(address).filter((mail) => mail.text.replace(/\s+/g, ' ').includes(phrase)).length;
const APPROVED = 'now shows on your profile';
const EXPIRING = 'comes off your profile that day';
const EXPIRED = 'is no longer on your profile';

const SUBMISSIONS: Record<Exclude<CredentialKind, 'companies_house'>, { details: Record<string, unknown>; evidence: boolean }> = {
  professional_indemnity: { details: { insurer: 'Hiscox', coverPounds: 1_000_000 }, evidence: true },
  public_liability: { details: { insurer: 'Simply Business (AXA)', coverPounds: 2_000_000 }, evidence: true },
  cyber_essentials_plus: { details: { certificateNumber: 'IASME-CEP-012345' }, evidence: true },
  cyber_essentials: { details: { certificateNumber: 'IASME-CE-054321' }, evidence: true },
  ico_registration: { details: { registrationNumber: 'za123456' }, evidence: false },
  vendor_certification: { details: { vendor: 'Microsoft', certification: 'Azure Administrator Associate', holderName: 'Priya Shah' }, evidence: true },
};

const FLAG_OF: Partial<Record<CredentialKind, 'isInsured' | 'hasCyberEssentials' | 'isCompanyRegistered'>> = {
  professional_indemnity: 'isInsured',
  public_liability: 'isInsured',
  cyber_essentials_plus: 'hasCyberEssentials',
  cyber_essentials: 'hasCyberEssentials',
  companies_house: 'isCompanyRegistered',
};

describe('a check’s life, each kind', () => {
  it('submitted → approved → shown → reminded at 30 and 7 days → expired on its day → a second run changes nothing', async () => {
    const expiresOn = addDays(today(), 30);
    const lives: { kind: CredentialKind; id: number; slug: string; email: string; professionalId: number }[] = [];
    for (const [kind, submission] of Object.entries(SUBMISSIONS) as [Exclude<CredentialKind, 'companies_house'>, (typeof SUBMISSIONS)[keyof typeof SUBMISSIONS]][]) {
      const { pro, cookie } = await provider(`Life ${kind} Ltd`);
      const evidence = submission.evidence ? [(await uploaded(cookie)).name] : [];
      const res = await submit(cookie, { kind, details: submission.details, expiresOn, evidence });
      expect(res.status, kind).toBe(201);
      const mine = (await res.json()) as MyCredential;
      expect(mine).toMatchObject({ kind, status: 'pending', expiresOn, evidence: evidence.map((name) => expect.objectContaining({ name, contentType: 'application/pdf' })) });
      // Pending is not shown.
      expect(await publicChecks(pro.slug)).toEqual([]);

      const approved = await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminApprove, mine.id)), {}, await admin());
      expect(approved.status, kind).toBe(200);
      expect((await approved.json()) as AdminCredential).toMatchObject({ status: 'approved', reviewedBy: 'Checking Admin' });
      // The profile's answer may be cached until the change feed reaches the API: poll.
      await expect.poll(() => publicChecks(pro.slug), { timeout: 10_000 }).toEqual([expect.objectContaining({ id: mine.id, kind, checkedOn: today(), expiresOn })]);
      const flags = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: pro.id }, select: { isInsured: true, hasCyberEssentials: true, isCompanyRegistered: true } });
      const flag = FLAG_OF[kind];
      expect(flags, kind).toEqual({ isInsured: flag === 'isInsured', hasCyberEssentials: flag === 'hasCyberEssentials', isCompanyRegistered: false });
      lives.push({ kind, id: mine.id, slug: pro.slug, email: pro.email, professionalId: pro.id });
    }
    for (const life of lives) await expect.poll(() => mails(life.email, APPROVED), { timeout: 15_000 }).toBe(1);

    // 30 days before: one reminder each; the day after, nothing more.
    await watch(today());
    await watch(addDays(today(), 1));
    for (const life of lives) {
      await expect.poll(() => mails(life.email, EXPIRING), { timeout: 15_000 }).toBe(1);
      await expect.poll(() => s.db.prisma.sentEmail.count({ where: { idempotencyKey: `credential-expiring-30_${life.id}` } }), { timeout: 15_000 }).toBe(1);
    }
    // 7 days before: one more each (a run on the 6th day sends nothing new).
    await watch(addDays(today(), 23));
    await watch(addDays(today(), 24));
    for (const life of lives) {
      await expect.poll(() => mails(life.email, EXPIRING), { timeout: 15_000 }).toBe(2);
      await expect.poll(() => s.db.prisma.sentEmail.count({ where: { idempotencyKey: `credential-expiring-7_${life.id}` } }), { timeout: 15_000 }).toBe(1);
      expect(await publicChecks(life.slug)).toHaveLength(1);
    }

    // On the day: expired, off the listing, audited, e-mailed once.
    const outcome = await watch(expiresOn);
    expect(outcome.expired).toBeGreaterThanOrEqual(lives.length);
    for (const life of lives) {
      const row = await s.db.prisma.credential.findUniqueOrThrow({ where: { id: life.id } });
      expect(row.status).toBe('expired');
      expect(row.endedAt).not.toBeNull();
      await expect.poll(() => publicChecks(life.slug), { timeout: 10_000 }).toEqual([]);
      const listing = await s.db.prisma.professional.findUniqueOrThrow({ where: { id: life.professionalId } });
      expect([listing.isInsured, listing.hasCyberEssentials, listing.isCompanyRegistered]).toEqual([false, false, false]);
      expect(await s.db.prisma.auditLog.count({ where: { action: CREDENTIAL_AUDIT_ACTIONS.expired, targetId: String(life.id), actorId: null } })).toBe(1);
      await expect.poll(() => mails(life.email, EXPIRED), { timeout: 15_000 }).toBe(1);
    }

    // A second run the same day, and the next: nothing changes, nothing more is sent.
    const again = await watch(expiresOn);
    await watch(addDays(expiresOn, 1));
    expect(again.expired).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const life of lives) {
      expect(await s.db.prisma.auditLog.count({ where: { action: CREDENTIAL_AUDIT_ACTIONS.expired, targetId: String(life.id) } })).toBe(1);
      expect(s.smtp.to(life.email)).toHaveLength(4);
    }
  });

  it('a late run in the 7-day window sends the 7-day reminder only', async () => {
    const { pro, cookie } = await provider('Late Run Ltd');
    const res = await submit(cookie, { kind: 'ico_registration', details: { registrationNumber: 'ZB765432' }, expiresOn: addDays(today(), 5) });
    const { id } = (await res.json()) as MyCredential;
    await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminApprove, id)), {}, await admin());
    await watch(today());
    await expect.poll(() => mails(pro.email, EXPIRING), { timeout: 15_000 }).toBe(1);
    expect(await s.db.prisma.sentEmail.findUnique({ where: { idempotencyKey: `credential-expiring-30_${id}` } })).toBeNull();
    await expect.poll(() => s.db.prisma.sentEmail.count({ where: { idempotencyKey: `credential-expiring-7_${id}` } }), { timeout: 15_000 }).toBe(1);
  });

  it('a company registration: no expiry, the names compared in the queue, on the listing once approved', async () => {
    const { pro, cookie } = await provider('Harbour Lane IT Ltd');
    const res = await submit(cookie, { kind: 'companies_house', details: { companyNumber: '1234567', registeredName: 'HARBOUR LANE IT LIMITED' } });
    expect(res.status).toBe(201);
    const mine = (await res.json()) as MyCredential;
    expect(mine.details).toEqual({ companyNumber: '01234567', registeredName: 'HARBOUR LANE IT LIMITED' });

    const list = await s.t.fetch(api(`${CREDENTIAL_PATHS.adminList}?limit=100`), { headers: { Cookie: await admin() } });
    expect(list.status).toBe(200);
    expect(Number(list.headers.get('X-Total-Count'))).toBeGreaterThanOrEqual(1);
    const queued = ((await list.json()) as AdminCredential[]).find((c) => c.id === mine.id);
    expect(queued).toMatchObject({ namesMatch: true, professional: { id: pro.id, companyName: 'Harbour Lane IT Ltd', isLive: true } });

    await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminApprove, mine.id)), {}, await admin());
    await expect.poll(() => publicChecks(pro.slug), { timeout: 10_000 }).toEqual([expect.objectContaining({ kind: 'companies_house', expiresOn: null, details: { companyNumber: '01234567', registeredName: 'HARBOUR LANE IT LIMITED' } })]);
    expect((await s.db.prisma.professional.findUniqueOrThrow({ where: { id: pro.id } })).isCompanyRegistered).toBe(true);
    // Approving twice: 409.
    const twice = await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminApprove, mine.id)), {}, await admin());
    expect(twice.status).toBe(409);

    // Withdrawn by its owner: off the listing at once, audited; someone else's is not found.
    const other = await provider('Someone Else Ltd');
    expect((await postJson(s.t, api(withId(CREDENTIAL_PATHS.withdraw, mine.id)), {}, other.cookie)).status).toBe(404);
    const withdrawn = await postJson(s.t, api(withId(CREDENTIAL_PATHS.withdraw, mine.id)), {}, cookie);
    expect(withdrawn.status).toBe(200);
    expect(((await withdrawn.json()) as MyCredential).status).toBe('withdrawn');
    await expect.poll(() => publicChecks(pro.slug), { timeout: 10_000 }).toEqual([]);
    expect(await s.db.prisma.auditLog.count({ where: { action: CREDENTIAL_AUDIT_ACTIONS.withdraw, targetId: String(mine.id) } })).toBe(1);
    const mineList = await s.t.fetch(api(CREDENTIAL_PATHS.mine), { headers: { Cookie: cookie } });
    expect(((await mineList.json()) as MyCredential[]).map((c) => c.id)).toEqual([mine.id]);
  });
});

describe('rejection', () => {
  it('stores the reason, audits it, e-mails it, and counts in the dashboard until decided', async () => {
    const { pro, cookie } = await provider('Rejected Cover Ltd');
    const file = await uploaded(cookie);
    const res = await submit(cookie, { kind: 'professional_indemnity', details: { insurer: 'Hiscox', coverPounds: 500000 }, expiresOn: addDays(today(), 200), evidence: [file.name] });
    const { id } = (await res.json()) as MyCredential;
    const stats = async () => ((await (await s.t.fetch('/api/admin/stats', { headers: { Cookie: await admin() } })).json()) as { pendingCredentials: number }).pendingCredentials;
    const before = await stats();
    expect(before).toBeGreaterThanOrEqual(1);

    const empty = await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminReject, id)), { reason: '  ' }, await admin());
    expect(empty.status).toBe(422);
    const reason = 'The schedule names a different business: please send the one for Rejected Cover Ltd.';
    const rejected = await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminReject, id)), { reason }, await admin());
    expect(rejected.status).toBe(200);
    expect((await rejected.json()) as AdminCredential).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(await stats()).toBe(before - 1);
    const audit = await s.db.prisma.auditLog.findFirstOrThrow({ where: { action: CREDENTIAL_AUDIT_ACTIONS.reject, targetId: String(id) } });
    expect(JSON.stringify(audit.details)).toContain(reason);
    await expect.poll(() => s.smtp.to(pro.email).filter((m) => m.text.includes(reason)).length, { timeout: 15_000 }).toBe(1);
    expect(await publicChecks(pro.slug)).toEqual([]);
  });

  it('never approves a check whose expiry day has come', async () => {
    const { cookie } = await provider('Too Late Ltd');
    const res = await submit(cookie, { kind: 'ico_registration', details: { registrationNumber: 'ZC111111' }, expiresOn: addDays(today(), 1) });
    const { id } = (await res.json()) as MyCredential;
    await s.db.prisma.credential.update({ where: { id }, data: { expiresOn: new Date(`${today()}T00:00:00Z`) } });
    const approve = await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminApprove, id)), {}, await admin());
    expect(approve.status).toBe(409);
    expect((await errorOf(approve)).message).toMatch(/expiry day has come/);
  });
});

describe('evidence files are private', () => {
  it('anonymous, a customer and another provider get 404; the owner and an admin get the bytes', async () => {
    const owner = await provider('Private Files Ltd');
    const file = await uploaded(owner.cookie, PNG, 'C:\\Users\\priya\\Desktop\\schedule "2026".png');
    expect(file).toMatchObject({ contentType: 'image/png', size: PNG.length, originalName: 'schedule 2026.png' });
    expect(await readdir(evidenceDir)).toContain(file.name);

    const customer = await signIn(s.t, (await createUser(s.db.prisma, { role: 'customer' })).email);
    const other = await provider('Nosy Neighbour Ltd');
    const missing = await getEvidence('0'.repeat(32), owner.cookie);
    expect(missing.status).toBe(404);
    const missingBody = await errorOf(missing);
    for (const cookie of [undefined, customer, other.cookie]) {
      const res = await getEvidence(file.name, cookie);
      expect(res.status).toBe(404);
      expect(await errorOf(res)).toEqual(missingBody);
    }
    for (const cookie of [owner.cookie, await admin()]) {
      const res = await getEvidence(file.name, cookie);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('content-disposition')).toContain('attachment; filename="schedule 2026.png"');
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    // Never through the public media route.
    expect((await s.t.fetch(`/api/media/${file.name}`)).status).toBe(404);
  });
});

describe('bad inputs are 4xx with messages', () => {
  it('refuses each with the field and what to do', async () => {
    const { cookie } = await provider('Careless Ltd');
    const other = await provider('Other Careless Ltd');
    const theirs = await uploaded(other.cookie);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ kind: 'companies_house', details: { companyNumber: 'ABC', registeredName: 'Careless Ltd' } }, 'details.companyNumber', /8-character company number/],
      [{ kind: 'ico_registration', details: { registrationNumber: 'ZA123456' }, expiresOn: addDays(today(), -1) }, 'expiresOn', /must be in the future/],
      [{ kind: 'professional_indemnity', details: { insurer: 'Hiscox', coverPounds: 1000000 }, expiresOn: addDays(today(), 100) }, 'evidence', /Attach the certificate/],
      [{ kind: 'professional_indemnity', details: { insurer: 'Hiscox', coverPounds: 1000000 }, expiresOn: addDays(today(), 100), evidence: [theirs.name] }, 'evidence', /Upload the file again/],
    ];
    for (const [body, field, message] of cases) {
      const res = await submit(cookie, body);
      expect(res.status, field).toBe(422);
      const error = await errorOf(res);
      expect(error.fields?.[field], JSON.stringify(error)).toMatch(message);
    }
    // A file attached once cannot be attached again.
    const mine = await uploaded(cookie);
    const body = { kind: 'cyber_essentials', details: { certificateNumber: 'IASME-CE-1' }, expiresOn: addDays(today(), 300), evidence: [mine.name] };
    expect((await submit(cookie, body)).status).toBe(201);
    expect((await submit(cookie, body)).status).toBe(422);

    const wrongType = await uploadEvidence(cookie, Buffer.from('<html>not a certificate</html>'), 'cert.pdf');
    expect(wrongType.status).toBe(415);
    expect((await errorOf(wrongType)).message).toMatch(/PDF, PNG or JPEG/);
    const tooBig = await uploadEvidence(cookie, Buffer.concat([PDF, Buffer.alloc(MAX_EVIDENCE_BYTES)]));
    expect(tooBig.status).toBe(413);
    expect((await errorOf(tooBig)).message).toMatch(/too large/);

    // A provider whose account has no listing: a clear 409, not a 500.
    const listless = await provider('Soon Gone Ltd');
    await s.db.prisma.user.update({ where: { id: listless.user.id }, data: { professionalId: null } });
    for (const res of [await uploadEvidence(listless.cookie, PDF), await submit(listless.cookie, { kind: 'ico_registration', details: { registrationNumber: 'ZA123456' }, expiresOn: addDays(today(), 100) })]) {
      expect(res.status).toBe(409);
      expect((await errorOf(res)).message).toMatch(/no listing yet/);
    }

    const customer = await signIn(s.t, (await createUser(s.db.prisma, { role: 'customer' })).email);
    expect((await uploadEvidence(customer, PDF)).status).toBe(403);
    expect((await uploadEvidence('', PDF)).status).toBe(401);
  });
});

describe('evidence retention', () => {
  it('deletes unattached uploads after a day, rejected ones 30 days after, expired ones 90 days after, orphans at once', async () => {
    const { pro, cookie } = await provider('Retained Ltd');
    const storage = localEvidenceStorage(evidenceDir);
    const keep = await uploaded(cookie);
    const unattached = await uploaded(cookie);
    const rejectedFile = await uploaded(cookie);
    const expiredFile = await uploaded(cookie);
    const orphan = await uploaded(cookie);
    const ago = (days: number) => new Date(Date.now() - days * 86_400_000);
    await s.db.prisma.evidenceFile.update({ where: { name: unattached.name }, data: { uploadedAt: ago(2) } });
    const rejected = await s.db.prisma.credential.create({
      data: { professionalId: pro.id, kind: 'cyber_essentials', status: 'rejected', details: { certificateNumber: 'X1' }, rejectionReason: 'Blurred', reviewedAt: ago(31) },
    });
    const expired = await s.db.prisma.credential.create({
      data: { professionalId: pro.id, kind: 'cyber_essentials', status: 'expired', details: { certificateNumber: 'X2' }, expiresOn: ago(95), endedAt: ago(95) },
    });
    const pending = await s.db.prisma.credential.create({ data: { professionalId: pro.id, kind: 'cyber_essentials', details: { certificateNumber: 'X3' } } });
    await s.db.prisma.evidenceFile.update({ where: { name: rejectedFile.name }, data: { credentialId: rejected.id } });
    await s.db.prisma.evidenceFile.update({ where: { name: expiredFile.name }, data: { credentialId: expired.id } });
    await s.db.prisma.evidenceFile.update({ where: { name: keep.name }, data: { credentialId: pending.id } });
    await s.db.prisma.evidenceFile.update({ where: { name: orphan.name }, data: { professionalId: null } });

    // An anonymised account's listing: its evidence goes at once, even a pending check's.
    const gone = await provider('Anonymised Owner Ltd');
    const anonymisedFile = await uploaded(gone.cookie);
    const goneCredential = await s.db.prisma.credential.create({ data: { professionalId: gone.pro.id, kind: 'cyber_essentials', details: { certificateNumber: 'X4' } } });
    await s.db.prisma.evidenceFile.update({ where: { name: anonymisedFile.name }, data: { credentialId: goneCredential.id } });
    await s.db.prisma.user.update({ where: { id: gone.user.id }, data: { anonymisedAt: new Date() } });

    const { deleted } = await deleteExpiredEvidence({ prisma: s.db.prisma, storage, logger: silent });
    expect(deleted).toBeGreaterThanOrEqual(5);
    const left = new Set((await s.db.prisma.evidenceFile.findMany({ select: { name: true } })).map((f) => f.name));
    const files = new Set(await readdir(evidenceDir));
    for (const deletedFile of [unattached, rejectedFile, expiredFile, orphan, anonymisedFile]) {
      expect(left.has(deletedFile.name)).toBe(false);
      expect(files.has(deletedFile.name)).toBe(false);
    }
    expect(left.has(keep.name)).toBe(true);
    expect(files.has(keep.name)).toBe(true);
    expect(await s.db.prisma.auditLog.count({ where: { action: CREDENTIAL_AUDIT_ACTIONS.evidenceDeleted } })).toBeGreaterThanOrEqual(1);
    // Again: nothing more.
    expect((await deleteExpiredEvidence({ prisma: s.db.prisma, storage, logger: silent })).deleted).toBe(0);
  });
});

describe('the daily job', () => {
  it('is scheduled at 00:05 UK time and runs through the worker, idempotently', async () => {
    const connection = { url: getTestRedisUrl() };
    const queue = new Queue(JOBS.watchCredentials.queue, { connection, prefix: queuePrefix(s.t.env.REDIS_PREFIX) });
    const events = new QueueEvents(JOBS.watchCredentials.queue, { connection, prefix: queuePrefix(s.t.env.REDIS_PREFIX) });
    try {
      await events.waitUntilReady();
      expect(await queue.getJobScheduler(CREDENTIALS_SCHEDULER_ID)).toMatchObject({ name: JOBS.watchCredentials.name, pattern: '5 0 * * *', tz: 'Europe/London' });
      const { pro, cookie } = await provider('Due Today Ltd');
      const res = await submit(cookie, { kind: 'ico_registration', details: { registrationNumber: 'ZD222222' }, expiresOn: addDays(today(), 1) });
      const { id } = (await res.json()) as MyCredential;
      await postJson(s.t, api(withId(CREDENTIAL_PATHS.adminApprove, id)), {}, await admin());
      // Its day has come (as the worker's clock will see it tomorrow).
      await s.db.prisma.credential.update({ where: { id }, data: { expiresOn: new Date(`${today()}T00:00:00Z`) } });
      const run = async (n: number) => {
        const added = await queue.add(JOBS.watchCredentials.name, {}, { ...jobOptions('watchCredentials', {}), jobId: `watch-credentials_test-${n}` });
        return (await added.waitUntilFinished(events, 20_000)) as { expired: number };
      };
      expect((await run(1)).expired).toBeGreaterThanOrEqual(1);
      expect((await s.db.prisma.credential.findUniqueOrThrow({ where: { id } })).status).toBe('expired');
      await expect.poll(() => publicChecks(pro.slug), { timeout: 10_000 }).toEqual([]);
      expect((await run(2)).expired).toBe(0);
      await expect.poll(() => mails(pro.email, EXPIRED), { timeout: 15_000 }).toBe(1);
    } finally {
      await events.close();
      await queue.close();
    }
  });
});
