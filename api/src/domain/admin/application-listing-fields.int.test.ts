// An application's listing fields (core/listing-fields.ts), every one of them: from the form's
// input to the application's columns, the admin's view, and the listing an approval makes or
// updates. Each field is given a value other than its default, so one dropped on the way fails.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminApplication } from '../../../../core/admin';
import { PendingApplication } from '../../../../core/billing';
import { LISTING_FIELDS, readListingFields } from '../../../../core/listing-fields';
import { createTestDatabase, type TestDatabase } from '../../../../tests/support/services';
import { createUser, postJson, signIn, uniqueEmail } from '../../testing/accounts';
import { paidApplication } from '../../testing/applications';
import { serveTestApp, type TestApp } from '../../testing/serve-test-app';
import { applicationColumns } from '../billing/application-columns';

let db: TestDatabase;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  db = await createTestDatabase();
  t = await serveTestApp({ database: db, env: { LOGIN_LIMIT_PER_IP: '1000', RATE_LIMIT_PER_MINUTE: '100000' } });
  admin = await signIn(t, (await createUser(db.prisma, { role: 'admin' })).email);
});

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

/** Each field's last option, or the boolean it does not default to. */
const GIVEN = readListingFields(
  Object.fromEntries(LISTING_FIELDS.map((field) => [field.name, field.kind === 'enum' ? field.options.at(-1)!.value : !field.default])),
  LISTING_FIELDS,
);

const FORM = {
  companyName: 'Sulis Networks',
  contactName: 'Sam Sulis',
  description: 'Networks for Bath offices.',
  services: ['Network Setup'],
  location: 'Bath and Bristol',
  region: 'Bath',
  postcode: 'BA1 1AA',
  subscriptionType: 'monthly',
};

async function approve(id: number): Promise<AdminApplication> {
  const res = await postJson(t, `/api/admin/applications/${id}/approve`, {}, admin);
  expect(res.status).toBe(200);
  return ((await res.json()) as { application: AdminApplication }).application;
}

async function listingOf(professionalId: number | null) {
  return db.prisma.professional.findUniqueOrThrow({ where: { id: professionalId ?? -1 } });
}

describe("an application's listing fields", () => {
  it('are stored as the form gave them, shown to the admin, and copied into the listing an approval makes', async () => {
    expect(Object.values(GIVEN).every((value) => value !== null)).toBe(true);
    const columns = applicationColumns(PendingApplication.parse({ ...FORM, ...GIVEN }), uniqueEmail('applicant'));
    const application = await db.prisma.application.create({ data: { ...columns, status: 'pending_payment' } });
    expect(readListingFields(application, LISTING_FIELDS)).toEqual(GIVEN);

    const listed = await t.fetch(`/api/admin/applications?status=all&search=${encodeURIComponent(columns.email)}`, { headers: { Cookie: admin } });
    expect(((await listed.json()) as AdminApplication[])[0]).toMatchObject(GIVEN);

    const decided = await approve(application.id);
    expect(decided).toMatchObject(GIVEN);
    expect(readListingFields(await listingOf(decided.professional?.id ?? null), LISTING_FIELDS)).toEqual(GIVEN);
  });

  it('are stored as none when the form left them out', async () => {
    const columns = applicationColumns(PendingApplication.parse(FORM), uniqueEmail('applicant'));
    const application = await db.prisma.application.create({ data: columns });
    expect(readListingFields(application, LISTING_FIELDS)).toEqual(readListingFields({}, LISTING_FIELDS));
  });

  it("replace the listing's own when an approval updates it", async () => {
    const { application, professional } = await paidApplication(db.prisma);
    expect(readListingFields(await listingOf(professional.id), LISTING_FIELDS)).not.toEqual(GIVEN);
    await db.prisma.application.update({ where: { id: application.id }, data: GIVEN });
    await approve(application.id);
    expect(readListingFields(await listingOf(professional.id), LISTING_FIELDS)).toEqual(GIVEN);
  });
});
