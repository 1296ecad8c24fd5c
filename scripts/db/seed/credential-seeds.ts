// The demo's credentials (issue 34, product rule 45): a spread over the demo listings, the same on
// every run (a seeded generator and names made from the listing's slug). Approved checks of every
// kind, with insurers, amounts of cover, certificate numbers in plausible formats and vendor
// certifications held by the listing's own (fictional) contact; some waiting for review, so the
// admin queue is not empty, with small real PDF and PNG files in the evidence storage; two rejected
// with reasons; some expired (ended in the past); and one approved check that expires within 30
// days, so the worker's reminder has something to do. Every firm and person is the demo's own.
// Written in the seed's transaction after the listings; the database's trigger puts the approved
// checks in force on their listings (verified_checks and the directory's flags).
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { addDays, ukIsoDate, type CredentialDetailsByKind, type CredentialKind, type CredentialStatus, type EvidenceType } from '../../../core/credentials';
import type { EvidenceStorage } from '../../../core/evidence-storage.server';
import type { DemoData, DemoProfessional } from './demo-data';
import { createRandom, type Random } from './random';

const DAY_MS = 24 * 3600 * 1000;

const INSURERS = ['Hiscox', 'Markel', 'QBE', 'Zurich', 'Aviva', 'Simply Business (AXA)', 'Superscript', 'Beazley'] as const;
const PI_COVER = [250_000, 500_000, 1_000_000, 2_000_000] as const;
const PL_COVER = [1_000_000, 2_000_000, 5_000_000] as const;
const CERTIFICATIONS = [
  { vendor: 'Microsoft', certification: 'Microsoft 365 Certified: Administrator Expert' },
  { vendor: 'Microsoft', certification: 'Azure Administrator Associate' },
  { vendor: 'Cisco', certification: 'CCNA' },
  { vendor: 'CompTIA', certification: 'Security+' },
  { vendor: 'CompTIA', certification: 'A+' },
  { vendor: 'AWS', certification: 'AWS Certified Solutions Architect – Associate' },
  { vendor: 'Google Cloud', certification: 'Professional Cloud Architect' },
  { vendor: 'Apple', certification: 'Apple Certified Support Professional' },
  { vendor: 'ISC2', certification: 'CISSP' },
  { vendor: 'PeopleCert (ITIL, PRINCE2)', certification: 'ITIL 4 Foundation' },
  { vendor: 'Fortinet', certification: 'Fortinet Certified Professional – Network Security' },
] as const;

export interface DemoEvidence {
  name: string;
  originalName: string;
  contentType: EvidenceType;
  bytes: Buffer;
}

export interface DemoCredential {
  professionalSlug: string;
  kind: CredentialKind;
  status: CredentialStatus;
  details: CredentialDetailsByKind[CredentialKind];
  expiresOn: string | null;
  submittedAt: Date;
  reviewedAt: Date | null;
  rejectionReason: string | null;
  endedAt: Date | null;
  evidence: DemoEvidence[];
}

/** A deterministic 32-hex stored name (EVIDENCE_NAME_PATTERN) for a demo file. */
function evidenceName(key: string): string {
  return createHash('sha256').update(`itconnect-demo-evidence:${key}`).digest('hex').slice(0, 32);
}

/** A one-page PDF saying what it stands for (valid enough for any viewer). */
function demoPdf(title: string, lines: string[]): Buffer {
  const escape = (s: string) => s.replace(/[^\x20-\x7e]/g, '-').replace(/([()\\])/g, '\\$1');
  const text = [title, ...lines, 'Demo document: not a real certificate.'].map((line, i) => `BT /F1 ${i === 0 ? 16 : 11} Tf 60 ${760 - i * 24} Td (${escape(line)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A small grey PNG (a photo of a certificate stands in as this). */
function demoPng(): Buffer {
  return Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAIAAACDRijCAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAIElEQVQ4jWN4/e4TVRDDqEGvR8Po9Wg6ejeaRd6Rnw4ALXEwvYE7zSgAAAAASUVORK5CYII=',
    'base64',
  );
}

function registeredName(p: DemoProfessional): string {
  return /\b(ltd|limited|llp|plc)\b/i.test(p.companyName) ? p.companyName.toUpperCase() : `${p.companyName.toUpperCase()} LTD`;
}

/** The spread, as rows to write: a pure function of the demo data, so every seed writes the same rows. */
export function buildDemoCredentials(data: DemoData, now: Date): DemoCredential[] {
  const random: Random = createRandom(34);
  const today = ukIsoDate(now.getTime());
  const ago = (days: number, hours = 10) => new Date(now.getTime() - days * DAY_MS + hours * 3600 * 1000 - 12 * 3600 * 1000);
  const out: DemoCredential[] = [];
  const add = (p: DemoProfessional, c: Omit<DemoCredential, 'professionalSlug' | 'evidence'> & { evidence?: 'pdf' | 'png' }) => {
    const key = `${p.slug}:${c.kind}:${out.length}`;
    const evidence: DemoEvidence[] =
      c.evidence === undefined
        ? []
        : [
            c.evidence === 'pdf'
              ? { name: evidenceName(key), originalName: `${c.kind.replace(/_/g, '-')}-certificate.pdf`, contentType: 'application/pdf', bytes: demoPdf(p.companyName, [c.kind.replace(/_/g, ' '), JSON.stringify(c.details)]) }
              : { name: evidenceName(key), originalName: 'photo-of-certificate.png', contentType: 'image/png', bytes: demoPng() },
          ];
    out.push({ ...c, professionalSlug: p.slug, evidence });
  };
  const approved = (daysAgo: number) => ({ status: 'approved' as const, submittedAt: ago(daysAgo + 2), reviewedAt: ago(daysAgo), rejectionReason: null, endedAt: null });
  const pending = (daysAgo: number) => ({ status: 'pending' as const, submittedAt: ago(daysAgo), reviewedAt: null, rejectionReason: null, endedAt: null });
  const certificateNumber = (prefix: string) => `IASME-${prefix}-${String(random.int(1000, 99999)).padStart(6, '0')}`;
  const cert = (p: DemoProfessional) => ({ ...random.pick(CERTIFICATIONS), holderName: p.contactName });

  data.professionals.forEach((p, i) => {
    if (i % 3 === 0) add(p, { kind: 'companies_house', details: { companyNumber: String(random.int(4_000_000, 15_999_999)).padStart(8, '0'), registeredName: registeredName(p) }, expiresOn: null, ...approved(random.int(10, 200)) });
    if (i % 4 === 0)
      add(p, { kind: 'professional_indemnity', details: { insurer: random.pick(INSURERS), coverPounds: random.pick(PI_COVER) }, expiresOn: addDays(today, random.int(45, 330)), evidence: 'pdf', ...approved(random.int(5, 120)) });
    if (i % 5 === 0)
      add(p, { kind: 'public_liability', details: { insurer: random.pick(INSURERS), coverPounds: random.pick(PL_COVER) }, expiresOn: addDays(today, random.int(45, 330)), evidence: 'pdf', ...approved(random.int(5, 120)) });
    if (i % 6 === 1) add(p, { kind: 'cyber_essentials', details: { certificateNumber: certificateNumber('CE') }, expiresOn: addDays(today, random.int(40, 300)), evidence: 'pdf', ...approved(random.int(5, 60)) });
    if (i % 9 === 2) add(p, { kind: 'cyber_essentials_plus', details: { certificateNumber: certificateNumber('CEP') }, expiresOn: addDays(today, random.int(40, 300)), evidence: 'pdf', ...approved(random.int(5, 60)) });
    if (i % 7 === 3) add(p, { kind: 'ico_registration', details: { registrationNumber: `Z${String.fromCharCode(65 + random.int(0, 25))}${String(random.int(100000, 999999))}` }, expiresOn: addDays(today, random.int(60, 360)), ...approved(random.int(5, 200)) });
    if (i % 5 === 2) add(p, { kind: 'vendor_certification', details: cert(p), expiresOn: random.chance(0.5) ? addDays(today, random.int(90, 700)) : null, evidence: 'pdf', ...approved(random.int(5, 200)) });
    // Expired: ended on their day, in the past.
    if (i % 11 === 4) {
      const expiredOn = addDays(today, -random.int(3, 60));
      add(p, {
        kind: 'professional_indemnity',
        details: { insurer: random.pick(INSURERS), coverPounds: random.pick(PI_COVER) },
        expiresOn: expiredOn,
        evidence: 'pdf',
        status: 'expired',
        submittedAt: ago(400),
        reviewedAt: ago(398),
        rejectionReason: null,
        endedAt: new Date(`${expiredOn}T00:05:00Z`),
      });
    }
    // Waiting for review.
    if (i % 10 === 7) add(p, { kind: 'cyber_essentials', details: { certificateNumber: certificateNumber('CE') }, expiresOn: addDays(today, random.int(200, 360)), evidence: 'pdf', ...pending(random.int(0, 4)) });
    if (i % 13 === 5) add(p, { kind: 'vendor_certification', details: cert(p), expiresOn: addDays(today, random.int(200, 700)), evidence: 'png', ...pending(random.int(0, 4)) });
    if (i % 12 === 6) add(p, { kind: 'companies_house', details: { companyNumber: `SC${String(random.int(100000, 999999))}`, registeredName: registeredName(p) }, expiresOn: null, ...pending(random.int(0, 4)) });
  });

  // Two rejected, with the reasons the owners were e-mailed.
  const rejections = [
    'The schedule of insurance names a different business. Please send the schedule that names this listing’s business.',
    'The certificate number could not be found on the IASME register. Please check the number and send the certificate again.',
  ];
  const [firstRejected, secondRejected] = [data.professionals[8], data.professionals[15]];
  if (firstRejected)
    add(firstRejected, { kind: 'public_liability', details: { insurer: 'Markel', coverPounds: 1_000_000 }, expiresOn: addDays(today, 200), evidence: 'png', status: 'rejected', submittedAt: ago(12), reviewedAt: ago(10), rejectionReason: rejections[0]!, endedAt: null });
  if (secondRejected)
    add(secondRejected, { kind: 'cyber_essentials', details: { certificateNumber: 'IASME-CE-000000' }, expiresOn: addDays(today, 250), evidence: 'pdf', status: 'rejected', submittedAt: ago(6), reviewedAt: ago(5), rejectionReason: rejections[1]!, endedAt: null });

  // One approved check that expires within 30 days: the worker reminds its owner.
  const expiring = data.professionals[1];
  if (expiring) add(expiring, { kind: 'ico_registration', details: { registrationNumber: 'ZB412207' }, expiresOn: addDays(today, 18), ...approved(340) });

  // The demo provider's own listing: one of each state /profile shows.
  const demoSlug = data.accounts.provider.professionalSlug;
  const demo = data.professionals.find((p) => p.slug === demoSlug);
  if (demo) {
    add(demo, { kind: 'professional_indemnity', details: { insurer: 'Hiscox', coverPounds: 1_000_000 }, expiresOn: addDays(today, 240), evidence: 'pdf', ...approved(30) });
    add(demo, { kind: 'cyber_essentials', details: { certificateNumber: 'IASME-CE-048213' }, expiresOn: addDays(today, 330), evidence: 'pdf', ...pending(1) });
  }
  return out;
}

/**
 * Writes the files (first: a row never names a missing file) and the rows, in the caller's
 * transaction. `professionalIds` maps the seed's slugs to their ids; the admin account reviews.
 */
export async function writeDemoCredentials({
  client,
  data,
  professionalIds,
  now,
  evidenceStorage,
}: {
  client: pg.ClientBase;
  data: DemoData;
  professionalIds: Map<string, number>;
  now: Date;
  /** Where the evidence files go (the API's EVIDENCE_DIR or bucket); unset: rows without files. */
  evidenceStorage?: EvidenceStorage | undefined;
}): Promise<{ credentials: number; evidenceFiles: number }> {
  const credentials = buildDemoCredentials(data, now).filter((c) => professionalIds.has(c.professionalSlug));
  if (credentials.length === 0) return { credentials: 0, evidenceFiles: 0 };
  const { rows: admins } = await client.query<{ id: number }>('SELECT id FROM users WHERE email = $1', [data.accounts.admin.email]);
  const adminId = admins[0]?.id ?? null;
  const rows = credentials.map((c) => ({
    professional_id: professionalIds.get(c.professionalSlug)!,
    kind: c.kind,
    status: c.status,
    details: c.details,
    expires_on: c.expiresOn,
    submitted_at: c.submittedAt.toISOString(),
    reviewed_by_id: c.reviewedAt ? adminId : null,
    reviewed_at: c.reviewedAt?.toISOString() ?? null,
    rejection_reason: c.rejectionReason,
    ended_at: c.endedAt?.toISOString() ?? null,
  }));
  // One statement per row (a few hundred, in the seed's transaction): each id is its row's for sure.
  const inserted: { id: number }[] = [];
  for (const row of rows) {
    const { rows: made } = await client.query<{ id: number }>(
      `INSERT INTO credentials (professional_id, kind, status, details, expires_on, submitted_at, reviewed_by_id, reviewed_at, rejection_reason, ended_at)
       VALUES ($1, $2, $3, $4::jsonb, $5::date, $6, $7, $8, $9, $10) RETURNING id`,
      [row.professional_id, row.kind, row.status, JSON.stringify(row.details), row.expires_on, row.submitted_at, row.reviewed_by_id, row.reviewed_at, row.rejection_reason, row.ended_at],
    );
    inserted.push(made[0]!);
  }
  if (!evidenceStorage) return { credentials: inserted.length, evidenceFiles: 0 };

  const files = credentials.flatMap((c, i) =>
    c.evidence.map((file) => ({ ...file, professional_id: professionalIds.get(c.professionalSlug)!, credential_id: inserted[i]!.id, uploaded_at: c.submittedAt.toISOString() })),
  );
  for (const file of files) await evidenceStorage.put(file.name, file.bytes, file.contentType);
  // The names are the same on every run: a reseed's files replace the last one's rows.
  await client.query(
    `INSERT INTO evidence_files (name, professional_id, credential_id, content_type, size, original_name, uploaded_at)
     SELECT name, professional_id, credential_id, content_type, size, original_name, uploaded_at
       FROM jsonb_to_recordset($1::jsonb) AS x(name text, professional_id int, credential_id int, content_type text, size int, original_name text, uploaded_at timestamptz)
     ON CONFLICT (name) DO UPDATE SET professional_id = EXCLUDED.professional_id, credential_id = EXCLUDED.credential_id, content_type = EXCLUDED.content_type,
       size = EXCLUDED.size, original_name = EXCLUDED.original_name, uploaded_at = EXCLUDED.uploaded_at`,
    [JSON.stringify(files.map(({ bytes, contentType, originalName, ...rest }) => ({ ...rest, content_type: contentType, original_name: originalName, size: bytes.length })))],
  );
  return { credentials: inserted.length, evidenceFiles: files.length };
}
