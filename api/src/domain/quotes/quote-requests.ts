// A buyer's request for quotes (issue 32, product rules 40 and 41), from the form to the
// professionals who receive it. No account is needed; the address is proved by a double opt-in:
// - createQuoteRequest stores the request unconfirmed and asks the worker for the buyer's private
//   link (send-quote-request-link makes the token, stores its hash, e-mails it). Nothing is sent to
//   any professional yet; an unconfirmed request is forgotten after QUOTE_CONFIRM_TTL_HOURS.
// - sendQuoteRequest (the buyer opened the link and pressed Send) matches the request
//   (matching.ts over quote-candidates.ts) and stores who receives it and why, once: the row is
//   locked, and a request already sent answers as it is. The link then shows the request.
// Only the district of the buyer's postcode is stored, with its centre from the offline outcode
// table: all that matching needs, and all professionals are ever told of where the work is.
import { loadOutcodeIndex } from '../../../../core/geo/outcodes.server';
import { outcodeOf } from '../../../../core/postcode';
import {
  BUDGET_BAND_LABELS,
  CONTACT_PREFERENCE_LABELS,
  firstNameOf,
  QUOTE_PICK_TEXTS,
  reachReasonForProfessional,
  TIMESCALE_LABELS,
  whereText,
  QUOTE_CONFIRM_TTL_HOURS,
  QUOTE_OPEN_DAYS,
  QUOTE_SIMILAR_MAX,
  QUOTE_TEXTS,
  type BudgetBand,
  type ContactPreference,
  type MyQuoteRequest,
  type QuoteOutcome,
  type QuotePickInput,
  type QuoteReach,
  type QuoteRequestFields,
  type QuoteRequestStatus,
  type QuoteRequestView,
  type Timescale,
} from '../../../../core/quotes';
import type { Prisma, PrismaClient } from '../../../../prisma/db';
import { hashToken, newToken } from '../../../../prisma/tokens';
import type { Queues } from '../../queue';
import { AppError } from '../app-error';
import { fitOf, matchQuoteRequest, reachOf, type QuoteAsk, type QuoteMatch } from './matching';
import { findQuoteCandidates } from './quote-candidates';
import { replyViewOf, requestFactsOf } from './received-quotes';

const DAY_MS = 86_400_000;

function invalid(field: string, message: string): AppError {
  return new AppError('invalid_input', message, { fields: { [field]: message } });
}

const linkInvalid = () => new AppError('not_found', QUOTE_TEXTS.linkInvalid);

const LISTED = { isApproved: true, subscriptionStatus: 'active' } as const;

export async function createQuoteRequest(
  { prisma, queues }: { prisma: PrismaClient; queues: Pick<Queues, 'enqueue'> },
  { input, userId, now = new Date() }: { input: QuoteRequestFields; userId: number | null; now?: Date },
): Promise<{ ok: true; message: string }> {
  let district: { outcode: string; lat: number; lng: number } | null = null;
  if (input.postcode) {
    const entry = loadOutcodeIndex().lookup(input.postcode);
    const outcode = outcodeOf(input.postcode);
    if (!entry || !outcode) throw invalid('postcode', QUOTE_TEXTS.postcodeUnknown);
    district = { outcode, lat: entry.lat, lng: entry.lng };
  }
  if (input.professionalId !== undefined) {
    const asked = await prisma.professional.findFirst({ where: { id: input.professionalId, ...LISTED }, select: { services: true } });
    if (!asked) throw new AppError('not_found', 'This professional is not listed at the moment, so they cannot receive requests.');
    if (!asked.services.includes(input.service)) throw invalid('service', 'This professional does not offer that service: please choose one of theirs');
  }
  const request = await prisma.quoteRequest.create({
    data: {
      service: input.service,
      postcodeDistrict: district?.outcode ?? null,
      lat: district?.lat ?? null,
      lng: district?.lng ?? null,
      remoteOk: input.remoteOk,
      details: input.details,
      budget: input.budget,
      timescale: input.timescale,
      contactPreference: input.contactPreference,
      buyerName: input.name,
      buyerEmail: input.email,
      buyerPhone: input.phone,
      userId,
      askedProfessionalId: input.professionalId ?? null,
      askedOnly: input.professionalId !== undefined && input.askedOnly === true,
      createdAt: now,
      expiresAt: new Date(now.getTime() + QUOTE_CONFIRM_TTL_HOURS * 3_600_000),
    },
    select: { id: true },
  });
  await queues.enqueue('sendQuoteRequestLink', { quoteRequestId: request.id });
  return { ok: true, message: QUOTE_TEXTS.checkEmail };
}

type Tx = Prisma.TransactionClient;

/**
 * Who receives the request: the professional it was asked from first (whatever their reach), then
 * the matches; a single enquiry only that professional (nobody, if they are no longer listed).
 */
async function recipientsFor(tx: Tx, request: { askedProfessionalId: number | null; askedOnly: boolean }, ask: QuoteAsk, now: Date): Promise<QuoteMatch[]> {
  const candidates = await findQuoteCandidates(tx, ask, now);
  if (request.askedProfessionalId === null) return matchQuoteRequest(ask, candidates);
  const asked = await tx.professional.findFirst({
    where: { id: request.askedProfessionalId, ...LISTED, services: { has: ask.service } },
    select: { id: true, rating: true, reviewCount: true },
  });
  const others = request.askedOnly ? [] : matchQuoteRequest({ ...ask, exclude: [request.askedProfessionalId] }, candidates, asked ? QUOTE_SIMILAR_MAX : QUOTE_SIMILAR_MAX + 1);
  if (!asked) return others;
  const candidate = candidates.find((c) => c.id === asked.id);
  const reach: QuoteReach = (candidate && reachOf(ask, candidate)) ?? { kind: 'asked' };
  return [{ id: asked.id, reach, fit: fitOf(reach, { rating: Number(asked.rating), reviewCount: asked.reviewCount }) }, ...others];
}

/** The page of a listing's received requests (frontend: /profile's requests for quotes). */
export function quotesUrl(publicUrl: string, requestId: number): string {
  return `${publicUrl.replace(/\/+$/, '')}/profile?quote=${requestId}#quote-requests`;
}

/**
 * E-mails each professional the request went to, once each (sent_emails keys): asked again after
 * every Send, so a crash between the commit and these jobs is made good by the buyer's next click.
 */
async function notifyRecipients({ queues, publicUrl }: QuoteSendDeps, request: LoadedRequest): Promise<void> {
  for (const r of request.recipients) {
    await queues.enqueue('sendEmail', {
      template: 'new-quote-request',
      to: r.professional.email,
      data: {
        recipientName: r.professional.contactName,
        buyerFirstName: firstNameOf(request.buyerName),
        service: request.service,
        where: whereText(request.postcodeDistrict, request.remoteOk),
        budget: BUDGET_BAND_LABELS[request.budget as BudgetBand],
        timescale: TIMESCALE_LABELS[request.timescale as Timescale],
        details: request.details,
        why: reachReasonForProfessional(r.reach as QuoteReach, request.service),
        quotesUrl: quotesUrl(publicUrl, request.id),
        enquiry: request.askedOnly,
      },
      idempotencyKey: `new-quote-request_${request.id}_${r.professional.id}`,
    });
  }
}

export interface QuoteSendDeps {
  prisma: PrismaClient;
  queues: Pick<Queues, 'enqueue'>;
  publicUrl: string;
}

/** The buyer opened their link and pressed Send: matches and sends the request, once. */
export async function sendQuoteRequest(deps: QuoteSendDeps, { token, now = new Date() }: { token: string; now?: Date }): Promise<QuoteRequestView> {
  const { prisma } = deps;
  const tokenHash = hashToken(token);
  const id = await prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number }[]>`
      SELECT q.id FROM quote_requests q JOIN quote_request_links l ON l.request_id = q.id WHERE l.token_hash = ${tokenHash} FOR UPDATE OF q`;
    if (!locked) throw linkInvalid();
    const request = await tx.quoteRequest.findUniqueOrThrow({ where: { id: locked.id } });
    if (request.status !== 'unconfirmed') return request.id;
    if (request.expiresAt <= now) throw linkInvalid();
    const ask: QuoteAsk = {
      service: request.service,
      point: request.lat !== null && request.lng !== null ? { lat: request.lat, lng: request.lng } : null,
      remoteOk: request.remoteOk,
    };
    const matches = await recipientsFor(tx, request, ask, now);
    await tx.quoteRecipient.createMany({
      data: matches.map((m, position) => ({ requestId: request.id, professionalId: m.id, reach: m.reach, fit: m.fit, position, sentAt: now })),
    });
    await tx.quoteRequest.update({
      where: { id: request.id },
      data: { status: 'open', confirmedAt: now, closesAt: new Date(now.getTime() + QUOTE_OPEN_DAYS * DAY_MS) },
    });
    return request.id;
  });
  const request = await loadRequest(prisma, id);
  await notifyRecipients(deps, request);
  return viewOf(request);
}

/**
 * The buyer picks one professional who answered (or none): theirs is 'chosen', every other
 * 'not_chosen', once, and the request closes. The chosen one is e-mailed how to reach the buyer;
 * the others who had answered are told politely; those who said 'not for us' hear nothing more.
 */
export async function pickQuote(deps: QuoteSendDeps, { token, professionalId, now = new Date() }: QuotePickInput & { now?: Date }): Promise<QuoteRequestView> {
  const { prisma, queues, publicUrl } = deps;
  const tokenHash = hashToken(token);
  const id = await prisma.$transaction(async (tx) => {
    const [locked] = await tx.$queryRaw<{ id: number; status: string; spam_verdict: string | null }[]>`
      SELECT q.id, q.status, q.spam_verdict FROM quote_requests q JOIN quote_request_links l ON l.request_id = q.id WHERE l.token_hash = ${tokenHash} FOR UPDATE OF q`;
    if (!locked) throw linkInvalid();
    // Unsent, or closed by an admin as spam: nobody is to be given the sender's details.
    if (locked.status === 'unconfirmed' || locked.spam_verdict === 'spam') throw new AppError('conflict', QUOTE_PICK_TEXTS.closed);
    const recipients = await tx.quoteRecipient.findMany({ where: { requestId: locked.id } });
    if (recipients.some((r) => r.outcome !== null)) throw new AppError('conflict', QUOTE_PICK_TEXTS.alreadyDecided);
    if (professionalId !== null) {
      const picked = recipients.find((r) => r.professionalId === professionalId);
      if (!picked || (picked.replyKind !== 'quote' && picked.replyKind !== 'message')) throw new AppError('conflict', QUOTE_PICK_TEXTS.notAnswered);
    }
    for (const r of recipients) {
      await tx.quoteRecipient.update({
        where: { requestId_professionalId: { requestId: r.requestId, professionalId: r.professionalId } },
        data: { outcome: r.professionalId === professionalId ? 'chosen' : 'not_chosen', outcomeAt: now },
      });
    }
    await tx.quoteRequest.update({ where: { id: locked.id }, data: { status: 'closed', closedAt: now } });
    return locked.id;
  });
  const request = await loadRequest(prisma, id);
  for (const r of request.recipients) {
    // The request closed: an unanswered one now counts in each recipient's reply rate.
    await queues.enqueue('recalculateQuoteReplyRate', { professionalId: r.professionalId });
    if (r.outcome === 'chosen') {
      await queues.enqueue('sendEmail', {
        template: 'quote-chosen',
        to: r.professional.email,
        data: {
          recipientName: r.professional.contactName,
          service: request.service,
          buyerName: request.buyerName,
          buyerEmail: request.buyerEmail,
          buyerPhone: request.buyerPhone,
          contactPreference: CONTACT_PREFERENCE_LABELS[request.contactPreference as ContactPreference],
          quotesUrl: quotesUrl(publicUrl, request.id),
        },
        idempotencyKey: `quote-chosen_${request.id}_${r.professional.id}`,
      });
    } else if (r.replyKind === 'quote' || r.replyKind === 'message') {
      await queues.enqueue('sendEmail', {
        template: 'quote-not-chosen',
        to: r.professional.email,
        data: { recipientName: r.professional.contactName, service: request.service, where: whereText(request.postcodeDistrict, request.remoteOk), buyerFirstName: firstNameOf(request.buyerName) },
        idempotencyKey: `quote-not-chosen_${request.id}_${r.professional.id}`,
      });
    }
  }
  return viewOf(request);
}

/** The buyer's request through their private link; an unsent one whose time ran out is gone. */
export async function viewQuoteRequest({ prisma }: { prisma: PrismaClient }, { token, now = new Date() }: { token: string; now?: Date }): Promise<QuoteRequestView> {
  const link = await prisma.quoteRequestLink.findUnique({ where: { tokenHash: hashToken(token) }, select: { request: { select: { id: true, status: true, expiresAt: true } } } });
  const request = link?.request;
  if (!request || (request.status === 'unconfirmed' && request.expiresAt <= now)) throw linkInvalid();
  return viewOf(await loadRequest(prisma, request.id));
}

const WITH_RECIPIENTS = {
  askedProfessional: { select: { companyName: true } },
  recipients: {
    orderBy: { position: 'asc' },
    include: { professional: { select: { id: true, slug: true, companyName: true, rating: true, reviewCount: true, email: true, contactName: true } } },
  },
} as const satisfies Prisma.QuoteRequestInclude;
type LoadedRequest = Prisma.QuoteRequestGetPayload<{ include: typeof WITH_RECIPIENTS }>;

/** A request with who received it, in order: what its view and its e-mails read, in one query. */
function loadRequest(prisma: PrismaClient, id: number): Promise<LoadedRequest> {
  return prisma.quoteRequest.findUniqueOrThrow({ where: { id }, include: WITH_RECIPIENTS });
}

/** The buyer's view: the professionals' e-mail addresses and contact names stay out of it. */
function viewOf(request: LoadedRequest): QuoteRequestView {
  return {
    ...requestFactsOf(request),
    createdAt: request.createdAt.toISOString(),
    sentAt: request.confirmedAt?.toISOString() ?? null,
    askedOnly: request.askedOnly,
    askedCompany: request.askedProfessional?.companyName ?? null,
    recipients: request.recipients.map(({ professional: { id, slug, companyName, rating, reviewCount }, ...r }) => ({
      professional: { id, slug, companyName, rating: Number(rating), reviewCount },
      reach: r.reach as QuoteReach,
      sentAt: r.sentAt.toISOString(),
      reply: replyViewOf(r),
      replyMinutes: r.repliedAt ? Math.max(0, Math.round((r.repliedAt.getTime() - r.sentAt.getTime()) / 60_000)) : null,
      outcome: r.outcome as QuoteOutcome | null,
    })),
  };
}

/** Whose requests are a signed-in user's: those asked while signed in, or from their account's (proved) address. */
const ownedBy = (user: { id: number; email: string }) => ({ OR: [{ userId: user.id }, { buyerEmail: user.email }], anonymisedAt: null });

/** A signed-in buyer's requests, newest first (product rule 41); unsent ones whose link expired are left out. */
export async function listMyQuoteRequests({ prisma }: { prisma: PrismaClient }, { user, now = new Date() }: { user: { id: number; email: string }; now?: Date }): Promise<MyQuoteRequest[]> {
  const rows = await prisma.quoteRequest.findMany({
    where: { ...ownedBy(user), NOT: { status: 'unconfirmed', expiresAt: { lte: now } } },
    orderBy: { id: 'desc' },
    include: { recipients: { select: { replyKind: true, outcome: true, professional: { select: { companyName: true } } } } },
  });
  return rows.map((r) => ({
    id: r.id,
    status: r.status as QuoteRequestStatus,
    service: r.service,
    postcodeDistrict: r.postcodeDistrict,
    remoteOk: r.remoteOk,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.confirmedAt?.toISOString() ?? null,
    recipients: r.recipients.length,
    answers: r.recipients.filter((x) => x.replyKind === 'quote' || x.replyKind === 'message').length,
    picked: r.recipients.find((x) => x.outcome === 'chosen')?.professional.companyName ?? null,
  }));
}

/** A new private link to one of a signed-in buyer's requests (only its hash stored), for /profile's 'Open'. */
export async function newQuoteRequestLink({ prisma }: { prisma: PrismaClient }, { user, requestId }: { user: { id: number; email: string }; requestId: number }): Promise<{ token: string }> {
  const request = await prisma.quoteRequest.findFirst({ where: { id: requestId, ...ownedBy(user) }, select: { id: true } });
  if (!request) throw new AppError('not_found', QUOTE_TEXTS.linkInvalid);
  const token = newToken();
  await prisma.quoteRequestLink.create({ data: { tokenHash: hashToken(token), requestId: request.id } });
  return { token };
}

