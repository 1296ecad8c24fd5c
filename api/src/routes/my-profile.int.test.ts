// GET/PATCH /api/professionals/my-profile: providers only, validated on the server, and a changed
// postcode re-enqueues geocoding after the update.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/services';
import { createUser, signIn } from '../testing/accounts';
import { serveTestApp, type TestApp } from '../testing/serve-test-app';

let db: TestDatabase;
let t: TestApp;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000' } });
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

const VALID = {
  companyName: 'Northern Cloud Ltd',
  contactName: 'Grace Hopper',
  phone: '0161 000 0000',
  website: 'https://northern.example',
  description: 'Cloud migrations for small firms.',
  services: ['Cloud Services', 'Cybersecurity'],
  location: 'North West England',
  region: 'manchester',
  postcode: 'm1 1ae',
  hourlyRate: '400',
  rateType: 'daily',
  isProjectBased: false,
  linkedin: 'https://www.linkedin.com/company/northern',
  github: '',
  facebook: '',
  instagram: '',
  twitter: '',
  trustpilot: '',
};

function patch(cookie: string, body: unknown): Promise<Response> {
  return t.fetch('/api/professionals/my-profile', {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', Cookie: cookie },
    body: JSON.stringify(body),
  });
}

describe('my profile', () => {
  it('answers the provider with their own professional, and 404 when they have none', async () => {
    const provider = await createUser(db.prisma, { role: 'provider' });
    const res = await t.fetch('/api/professionals/my-profile', { headers: { Cookie: await signIn(t, provider.email) } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: provider.professionalId, companyName: 'Test IT Ltd', hourlyRate: '45', rateType: 'hourly' });

    const orphan = await createUser(db.prisma, { role: 'provider' });
    await db.prisma.user.update({ where: { id: orphan.id }, data: { professionalId: null } });
    const none = await t.fetch('/api/professionals/my-profile', { headers: { Cookie: await signIn(t, orphan.email) } });
    expect(none.status).toBe(404);
  });

  it('saves a valid edit, keeps hourlyRatePence = daily / 8, and re-enqueues geocoding for a new postcode', async () => {
    const provider = await createUser(db.prisma, { role: 'provider' });
    const cookie = await signIn(t, provider.email);
    await db.prisma.professional.update({ where: { id: provider.professionalId! }, data: { postcode: 'M1 1AE', lat: 53.47, lng: -2.24, geocodedPostcode: 'M1 1AE' } });

    const same = await patch(cookie, VALID);
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ companyName: 'Northern Cloud Ltd', region: 'Manchester', postcode: 'M1 1AE', hourlyRate: '400', rateType: 'daily', github: null });
    const row = await db.prisma.professional.findUniqueOrThrow({ where: { id: provider.professionalId! } });
    expect(row).toMatchObject({ ratePence: 40000, hourlyRatePence: 5000, rateType: 'daily', services: ['Cloud Services', 'Cybersecurity'] });
    const geocode = t.api.queues.get('geocode');
    expect(await geocode.getJob(`geocode_${provider.professionalId}_M11AE`)).toBeUndefined();

    const moved = await patch(cookie, { ...VALID, postcode: 'LS1 4AP' });
    expect(moved.status).toBe(200);
    const job = await geocode.getJob(`geocode_${provider.professionalId}_LS14AP`);
    expect(job?.data).toEqual({ professionalId: provider.professionalId, postcode: 'LS1 4AP', meta: { requestId: expect.any(String) } });

    const projectBased = await patch(cookie, { ...VALID, postcode: 'LS1 4AP', isProjectBased: true });
    expect(await projectBased.json()).toMatchObject({ hourlyRate: null, rateType: null, isProjectBased: true });
  });

  it('clears a link sent empty and keeps one the form leaves out (YouTube, TikTok)', async () => {
    const provider = await createUser(db.prisma, { role: 'provider' });
    const cookie = await signIn(t, provider.email);
    await db.prisma.professional.update({
      where: { id: provider.professionalId! },
      data: { youtube: 'https://youtube.example/northern', tiktok: 'https://tiktok.example/northern', github: 'https://github.example/n' },
    });
    const res = await patch(cookie, VALID);
    expect(res.status).toBe(200);
    const saved = await db.prisma.professional.findUniqueOrThrow({ where: { id: provider.professionalId! } });
    expect(saved).toMatchObject({ youtube: 'https://youtube.example/northern', tiktok: 'https://tiktok.example/northern', github: null });
  });

  it('rejects invalid input with 422 and per-field messages', async () => {
    const provider = await createUser(db.prisma, { role: 'provider' });
    const cookie = await signIn(t, provider.email);
    const res = await patch(cookie, {
      ...VALID,
      companyName: ' ',
      services: [],
      region: 'Atlantis',
      postcode: 'not a postcode',
      hourlyRate: '12abc',
      website: 'javascript:alert(1)',
    });
    expect(res.status).toBe(422);
    const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(error.fields).toMatchObject({
      companyName: 'Company name is required',
      services: 'Please select at least one service',
      region: 'Please choose a UK location from the list',
      postcode: 'Please enter a valid UK postcode',
      hourlyRate: 'Please enter the rate in pounds, e.g. 45 or 37.50',
      website: 'Please enter a full web address (https://…)',
    });
    const tooMany = await patch(cookie, { ...VALID, services: Array.from({ length: 11 }, () => 'Cloud Services') });
    expect(tooMany.status).toBe(422);
    const unknown = await patch(cookie, { ...VALID, services: ['Knitting'] });
    expect(unknown.status).toBe(422);
  });

  it('saves the year the business began and its languages, keeps them when left out, and refuses bad ones (issue 34)', async () => {
    const provider = await createUser(db.prisma, { role: 'provider' });
    const cookie = await signIn(t, provider.email);
    const saved = await patch(cookie, { ...VALID, foundedYear: '2012', languages: ['Welsh', 'English', 'Welsh'], acceptingNewClients: false, employeeCount: '2-5' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ foundedYear: 2012, languages: ['English', 'Welsh'], acceptingNewClients: false, employeeCount: '2-5' });
    // Left out (an older form): kept as they are.
    const kept = await patch(cookie, VALID);
    expect(await kept.json()).toMatchObject({ foundedYear: 2012, languages: ['English', 'Welsh'] });
    const cleared = await patch(cookie, { ...VALID, foundedYear: '', languages: [] });
    expect(await cleared.json()).toMatchObject({ foundedYear: null, languages: [] });

    const nextYear = new Date().getUTCFullYear() + 1;
    for (const [body, field, message] of [
      [{ foundedYear: nextYear }, 'foundedYear', `Enter the year the business began, from 1900 to ${nextYear - 1}`],
      [{ foundedYear: '1899' }, 'foundedYear', `Enter the year the business began, from 1900 to ${nextYear - 1}`],
      [{ foundedYear: '20x2' }, 'foundedYear', `Enter the year the business began, from 1900 to ${nextYear - 1}`],
      [{ languages: ['Klingon'] }, 'languages', 'Choose languages from the list'],
      [{ languages: ['English', 'Welsh', 'Irish', 'Arabic', 'Bengali', 'Cantonese', 'French', 'German', 'Gujarati', 'Hindi', 'Italian'] }, 'languages', 'Choose at most 10 languages'],
      [{ languages: 'English' }, 'languages', 'Choose languages from the list'],
    ] as const) {
      const res = await patch(cookie, { ...VALID, ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      const { error } = (await res.json()) as { error: { fields: Record<string, string> } };
      expect(error.fields[field]).toBe(message);
    }
    expect(await db.prisma.professional.findUniqueOrThrow({ where: { id: provider.professionalId! }, select: { foundedYear: true, languages: true } })).toEqual({ foundedYear: null, languages: [] });
  });
});
