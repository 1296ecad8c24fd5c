// Test factories for applications in each state an admin meets them (docs/architecture.md, Tests):
//   paidApplication      a new applicant's, as a paid checkout leaves it: a provider account with
//                        an unapproved listing (subscription active) and its first payment;
//   unpaidApplication    a visitor's, waiting for payment: no account, no listing yet;
//   updateApplication    a live provider's update of their listing (no payment needed).
import { randomBytes } from 'node:crypto';
import type { PrismaClient } from '../../../prisma/db';
import { hashPassword } from '../../../prisma/password';
import { TEST_PASSWORD, uniqueEmail } from './accounts';
import { createProfessional } from './factories';

export interface ApplicationOverrides {
  companyName?: string;
  contactName?: string;
  email?: string;
  plan?: 'monthly' | 'yearly';
  services?: string[];
  postcode?: string;
  region?: string;
  createdAt?: Date;
}

function applicationFields(o: ApplicationOverrides) {
  const tag = randomBytes(4).toString('hex');
  return {
    companyName: o.companyName ?? `Applicant ${tag} Ltd`,
    contactName: o.contactName ?? 'Priya Patel',
    email: o.email ?? uniqueEmail('applicant'),
    phone: '0161 496 0123',
    website: `https://applicant-${tag}.example`,
    description: 'Cloud and network support for small offices.',
    services: o.services ?? ['Cloud Services', 'Network Setup', 'Cybersecurity'],
    location: 'Greater Manchester',
    region: o.region ?? 'Manchester',
    postcode: o.postcode ?? 'M1 1AE',
    ratePence: 4500,
    rateType: 'hourly' as const,
    isProjectBased: false,
    employeeCount: '2-5',
    businessType: 'Limited company',
    plan: o.plan ?? 'monthly',
    ...(o.createdAt ? { createdAt: o.createdAt } : {}),
  };
}

/** A new applicant's paid application, waiting for review. */
export async function paidApplication(prisma: PrismaClient, o: ApplicationOverrides = {}) {
  const fields = applicationFields(o);
  const paidAt = new Date(Date.now() - 3600 * 1000);
  const professional = await createProfessional(prisma, {
    companyName: fields.companyName,
    contactName: fields.contactName,
    isApproved: false,
    subscriptionStatus: 'active',
    lat: null,
    lng: null,
  });
  await prisma.professional.update({ where: { id: professional.id }, data: { email: fields.email, subscriptionType: fields.plan, firstPaidAt: paidAt } });
  await prisma.payment.create({
    data: {
      professionalId: professional.id,
      stripeInvoiceId: `in_test_${professional.id}`,
      amountPence: fields.plan === 'monthly' ? 300 : 2800,
      plan: fields.plan,
      periodStart: paidAt,
      periodEnd: new Date(paidAt.getTime() + 30 * 24 * 3600 * 1000),
      paidAt,
    },
  });
  const user = await prisma.user.create({
    data: { email: fields.email, name: fields.contactName, role: 'provider', professionalId: professional.id, passwordHash: await hashPassword(TEST_PASSWORD) },
  });
  const application = await prisma.application.create({
    data: { ...fields, userId: user.id, professionalId: professional.id, status: 'pending', paidAt },
  });
  return { application, professional, user };
}

/**
 * An application still waiting for payment, as a visitor's is once they used the e-mailed link: a
 * customer account of that address (password TEST_PASSWORD) with its application (product rule 24).
 */
export async function unpaidApplication(prisma: PrismaClient, o: ApplicationOverrides = {}) {
  const fields = applicationFields(o);
  const user = await prisma.user.create({ data: { email: fields.email, name: fields.contactName, role: 'customer', passwordHash: await hashPassword(TEST_PASSWORD) } });
  const application = await prisma.application.create({ data: { ...fields, userId: user.id, status: 'pending_payment' } });
  return { application, user };
}

/** An unpaid application a visitor sent before addresses were proved: no account at all. */
export async function unpaidApplicationWithoutAccount(prisma: PrismaClient, o: ApplicationOverrides = {}) {
  const application = await prisma.application.create({ data: { ...applicationFields(o), status: 'pending_payment' } });
  return { application };
}

/** A live provider's update of their listing, waiting for review. */
export async function updateApplication(prisma: PrismaClient, o: ApplicationOverrides = {}) {
  const professional = await createProfessional(prisma, { companyName: 'Before Update Ltd', description: 'The old description.' });
  const approvedAt = new Date('2026-01-05T10:00:00Z');
  await prisma.professional.update({ where: { id: professional.id }, data: { approvedAt } });
  const fields = { ...applicationFields(o), email: professional.email };
  const user = await prisma.user.create({
    data: { email: uniqueEmail('provider'), name: fields.contactName, role: 'provider', professionalId: professional.id, passwordHash: 'x' },
  });
  const application = await prisma.application.create({
    data: { ...fields, userId: user.id, professionalId: professional.id, status: 'pending' },
  });
  return { application, professional, user, approvedAt };
}
