// Worker-thread entry (scripts/bench/thread.ts) of the long-tail mix's writer and staleness probes.
// Setup, then { kind: 'ready' }; on { kind: 'start' } it writes for `seconds` through the real API
// over HTTP, on a fixed schedule whatever the answers' speed (open loop):
//   reviews    customers signed in through POST /api/auth/login (a solved captcha, as the form
//              sends) post reviews of live bench professionals, each of a different one;
//   approvals  the admin, signed in the same way, approves paid applications waiting in
//              GET /api/admin/applications, through POST /api/admin/applications/:id/approve.
// Staleness, for a sample of the writes: how long after the change committed in PostgreSQL (a
// review: the worker's recalculate-rating has written the professional's new figures, seen by
// polling the row every DB_POLL_MS from the moment the review is sent; an approval: the API's answer) an API answer without it was
// still received: the profile by slug, a search that includes the professional (its company name;
// for an approval also the newest listings of one of its services), each asked
// every POLL_MS (without waiting for the previous answer, so a slow answer under load does not
// widen the gaps). Both answers were asked before the write, so a cached, stale one is what the
// polls first meet. The figure is the last stale answer's arrival (a stale answer was certainly
// served then); the first fresh answer's arrival, an upper bound, is kept beside it.
import { parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { solveCaptcha } from '../../api/src/testing/accounts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, customerEmail, rememberRatings } from './writer-accounts';

export interface WriterInput {
  /** Marks the thread's data, so that importing this module elsewhere (tests) runs nothing. */
  role: 'long-tail-writer';
  baseUrl: string;
  databaseUrl: string;
  seconds: number;
  reviewsPerSecond: number;
  approvalsPerSecond: number;
  /** Probe one review in this many (every approval is probed). */
  probeEveryReview: number;
  customers: number;
}

export interface LagSummary {
  samples: number;
  /** Answers that did not show the change within PROBE_TIMEOUT_MS (counted as that long in max/p99). */
  timeouts: number;
  p50Ms: number | null;
  p99Ms: number | null;
  maxMs: number | null;
}

export interface WriteSummary {
  planned: number;
  ok: number;
  failed: number;
  /** Not sent: MAX_IN_FLIGHT writes and probes were still unanswered when they were due. */
  skipped: number;
  perSecond: number;
  /** The first few failures, as status and message. */
  failures: string[];
  /** Request to answer, ms. */
  p50Ms: number | null;
  p99Ms: number | null;
}

export interface WriterResult {
  reviews: WriteSummary & {
    /** From sending the review to the worker's recalculated figures seen in PostgreSQL (probed reviews). */
    recalculated: LagSummary;
  };
  approvals: WriteSummary;
  /** ms after the commit that an answer without the change was still received (see the header); untilFresh: the first one with it. */
  staleness: {
    reviews: LagSummary & { byAnswer: Record<string, LagSummary>; untilFresh: LagSummary };
    approvals: LagSummary & { byAnswer: Record<string, LagSummary>; untilFresh: LagSummary };
    all: LagSummary;
    allUntilFresh: LagSummary;
    /** Probes whose search could not be checked (the professional was not on the search's page before the write). */
    searchUnchecked: number;
    /** The answers that were stale longest (timed out first), to look into: which write, which answer. */
    slowest: { write: string; answer: string; path: string; staleFor: number | null; freshAfter: number | null }[];
    pollMs: number;
    /** GET requests the writer and the probes sent during the run (on top of the load's). */
    probeRequests: number;
  };
}

const POLL_MS = 25;
/** Per watched answer: enough to keep polling through slow answers, few enough not to add much load of its own. */
const MAX_POLLS_IN_FLIGHT = 2;
const DB_POLL_MS = 25;
const PROBE_TIMEOUT_MS = 10_000;
const MAX_IN_FLIGHT = 256;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function percentile(sorted: number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function summariseLags(lags: (number | null)[]): LagSummary {
  const values = lags.map((l) => (l === null ? PROBE_TIMEOUT_MS : Math.round(l))).sort((a, b) => a - b);
  return { samples: lags.length, timeouts: lags.filter((l) => l === null).length, p50Ms: percentile(values, 50), p99Ms: percentile(values, 99), maxMs: values.at(-1) ?? null };
}

/** How one answer caught up with a write, in ms after the commit; null: still stale after PROBE_TIMEOUT_MS. */
export interface Watched {
  /** When the last answer without the change arrived (0: none did). */
  staleFor: number | null;
  /** When the first answer with the change arrived. */
  freshAfter: number | null;
}

/** One probed write: how each answer watched caught up with it, by the answer's name. */
type Probe = Record<string, Watched>;

/** A write is as stale as the slowest of its answers. */
function worst(probe: Probe, key: keyof Watched): number | null {
  const values = Object.values(probe).map((w) => w[key]);
  return values.includes(null) ? null : Math.max(0, ...(values as number[]));
}

class Session {
  constructor(
    readonly baseUrl: string,
    readonly cookie: string,
  ) {}

  request(path: string, init: { method?: string; body?: unknown } = {}): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { Cookie: this.cookie, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  }
}

/** A solved captcha from the API's own challenge (the tests' solver). */
function solvedCaptcha(baseUrl: string): Promise<string> {
  return solveCaptcha({ fetch: (path, init) => fetch(`${baseUrl}${path}`, init) });
}

async function signIn(baseUrl: string, email: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, captcha: await solvedCaptcha(baseUrl) }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0]!)
    .filter((pair) => !pair.endsWith('='))
    .join('; ');
  return new Session(baseUrl, cookie);
}

interface ReviewTarget {
  id: number;
  slug: string;
  companyName: string;
  region: string;
}

/** Live bench professionals spread over the data, each reviewed once per run; none shows one review already (so the first one always changes the figures). */
async function reviewTargets(db: pg.Pool, count: number): Promise<ReviewTarget[]> {
  const { rows } = await db.query<ReviewTarget>(
    `SELECT id, slug, company_name AS "companyName", region FROM professionals
     WHERE slug ~ '^bench-[0-9]' AND is_approved AND subscription_status = 'active' AND review_count <> 1
     ORDER BY (id::bigint * 7919) % 100003, id LIMIT $1`,
    [count],
  );
  return rows;
}

interface Listed {
  slug: string;
  rating: number;
  reviewCount: number;
}

/** GETs the writer and its probes sent (beside the load), reported so their share is known. */
let probeRequests = 0;

async function getJson<T>(baseUrl: string, path: string): Promise<{ status: number; body: T | null }> {
  probeRequests += 1;
  const res = await fetch(`${baseUrl}${path}`);
  if (res.status !== 200) {
    await res.arrayBuffer();
    return { status: res.status, body: null };
  }
  return { status: 200, body: (await res.json()) as T };
}

/**
 * Polls `isShown` one query at a time until it holds: ms from `since` to the sending of the query
 * that first saw it (the change committed before that query's snapshot, after the previous
 * query's), or null once `until.stop` is set or `until.deadline` (a performance.now()) has passed.
 */
async function lagUntil(since: number, isShown: () => Promise<boolean>, intervalMs: number, until = { stop: false, deadline: since + PROBE_TIMEOUT_MS }): Promise<number | null> {
  while (!until.stop) {
    const sentAt = performance.now();
    if (await isShown()) return Math.max(0, sentAt - since);
    if (performance.now() > until.deadline) return null;
    await sleep(intervalMs);
  }
  return null;
}

/** Asks for an answer every POLL_MS (up to MAX_POLLS_IN_FLIGHT at once) until one shows the change, then waits for the rest. */
export async function watch(since: number, isFresh: () => Promise<boolean>): Promise<Watched> {
  let lastStale = since;
  let firstFresh: number | null = null;
  const outstanding = new Set<Promise<void>>();
  while (firstFresh === null && performance.now() - since <= PROBE_TIMEOUT_MS) {
    if (outstanding.size < MAX_POLLS_IN_FLIGHT) {
      const poll: Promise<void> = isFresh()
        .then((fresh) => {
          const at = performance.now();
          if (fresh) firstFresh = Math.min(firstFresh ?? at, at);
          else lastStale = Math.max(lastStale, at);
        })
        .catch(() => undefined)
        .finally(() => outstanding.delete(poll));
      outstanding.add(poll);
    }
    await sleep(POLL_MS);
  }
  await Promise.all([...outstanding]);
  if (firstFresh === null) return { staleFor: null, freshAfter: null };
  return { staleFor: Math.round(lastStale - since), freshAfter: Math.round((firstFresh as number) - since) };
}

async function run(input: WriterInput): Promise<WriterResult> {
  const port = parentPort!;
  const db = new pg.Pool({ connectionString: input.databaseUrl, max: 4 });
  const { baseUrl } = input;
  try {
    // Setup: sign in, choose what to write, ask the answers the probes will watch (so they are cached).
    const admin = await signIn(baseUrl, BENCH_ADMIN_EMAIL);
    const customers: Session[] = [];
    for (let i = 0; i < input.customers; i++) customers.push(await signIn(baseUrl, customerEmail(i)));
    const plannedReviews = Math.ceil(input.seconds * input.reviewsPerSecond);
    const plannedApprovals = Math.ceil(input.seconds * input.approvalsPerSecond);
    const targets = await reviewTargets(db, plannedReviews);
    await rememberRatings(db, targets.map((t) => t.id));
    // Newest first: the review changes what the answer says of the listing but not where it stands
    // (by relevance, a poor first review could sort it past the 100 the probe reads, and the
    // probe would wait for a change it could never see).
    const searchOf = (t: ReviewTarget) => `/api/professionals?${new URLSearchParams({ search: t.companyName, location: t.region, sort: 'newest', limit: '100' })}`;
    const searchable = new Set<number>();
    for (const [i, t] of targets.entries()) {
      if (i % input.probeEveryReview !== 0) continue;
      const { body } = await getJson<Listed[]>(baseUrl, searchOf(t));
      if (body?.some((p) => p.slug === t.slug)) searchable.add(t.id);
    }
    // The applications to approve, from the admin's own list (ADMIN_PAGE_SIZE_MAX a page).
    const pending: { id: number; email: string; companyName: string }[] = [];
    while (pending.length < plannedApprovals) {
      const res = await admin.request(`/api/admin/applications?status=pending&limit=100&offset=${pending.length}`);
      if (res.status !== 200) throw new Error(`the admin's application list answered ${res.status}`);
      const page = (await res.json()) as typeof pending;
      pending.push(...page);
      if (page.length < 100) break;
    }

    probeRequests = 0;
    port.postMessage({ kind: 'ready' });
    await new Promise<void>((resolve) => port.once('message', () => resolve()));

    const started = performance.now();
    const inFlight = new Set<Promise<unknown>>();
    const reviewTimes: number[] = [];
    const approvalTimes: number[] = [];
    const reviewFailures: string[] = [];
    const approvalFailures: string[] = [];
    let reviewsOk = 0;
    let approvalsOk = 0;
    let searchUnchecked = 0;
    const recalculated: (number | null)[] = [];
    // Per probed write: how long its profile and its search (when checked) showed the old data.
    const probes = { reviews: [] as Probe[], approvals: [] as Probe[] };

    const watchedAnswers: WriterResult['staleness']['slowest'] = [];
    const note = (write: string, answers: Record<string, [string, Watched | undefined]>) => {
      for (const [answer, [path, w]] of Object.entries(answers)) if (w) watchedAnswers.push({ write, answer, path, ...w });
    };

    const track = (work: Promise<unknown>) => {
      inFlight.add(work);
      void work.finally(() => inFlight.delete(work));
    };

    const writeReview = async (i: number) => {
      const target = targets[i];
      if (!target) return;
      const rating = 1 + (i % 5);
      const customer = customers[i % customers.length]!;
      const probed = i % input.probeEveryReview === 0;
      // The answers the probe watches, asked now: cached when the change lands.
      if (probed) await Promise.all([getJson(baseUrl, `/api/professionals/slug/${encodeURIComponent(target.slug)}`), getJson(baseUrl, searchOf(target))]);
      const sent = performance.now();
      // Committed: the worker's recalculation has written the figures this review makes (1 review,
      // this rating). Watched from the moment the review is sent: the worker may well be done
      // before the review's own answer arrives under load.
      // Until PROBE_TIMEOUT_MS after the review's answer, however long that takes.
      const watching = { stop: false, deadline: Infinity };
      const recalculation = probed
        ? lagUntil(
            sent,
            async () => {
              const { rows } = await db.query<{ n: number; r: number }>(`SELECT review_count AS n, rating::float8 AS r FROM professionals WHERE id = $1`, [target.id]);
              return rows[0]?.n === 1 && rows[0].r === rating;
            },
            DB_POLL_MS,
            watching,
          )
        : null;
      const res = await customer.request('/api/reviews', {
        method: 'POST',
        body: { professionalId: target.id, rating, title: `Bench review ${i}`, comment: 'Came on time and fixed the office network.', wouldRecommend: rating >= 3 },
      });
      const answered = performance.now();
      watching.deadline = answered + PROBE_TIMEOUT_MS;
      if (res.status !== 201) {
        watching.stop = true;
        if (reviewFailures.length < 5) reviewFailures.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
        else await res.arrayBuffer();
        return;
      }
      await res.arrayBuffer();
      reviewsOk += 1;
      reviewTimes.push(answered - sent);
      if (!recalculation) return;
      const committedAfter = await recalculation;
      recalculated.push(committedAfter);
      if (committedAfter === null) {
        probes.reviews.push({ profile: { staleFor: null, freshAfter: null } });
        return;
      }
      const committed = sent + committedAfter;
      const shows = (p: Listed | undefined) => p !== undefined && p.reviewCount === 1 && p.rating === rating;
      const [profile, search] = await Promise.all([
        watch(committed, async () => shows((await getJson<Listed>(baseUrl, `/api/professionals/slug/${encodeURIComponent(target.slug)}`)).body ?? undefined)),
        searchable.has(target.id)
          ? watch(committed, async () => shows((await getJson<Listed[]>(baseUrl, searchOf(target))).body?.find((p) => p.slug === target.slug)))
          : Promise.resolve(undefined),
      ]);
      if (search === undefined) searchUnchecked += 1;
      probes.reviews.push(search === undefined ? { profile } : { profile, 'text search': search });
      note(`review of ${target.slug}`, { profile: [`/api/professionals/slug/${encodeURIComponent(target.slug)}`, profile], 'text search': [searchOf(target), search] });
    };

    // The newest listings of a service every applicant offers: approved applicants are the newest
    // listings (their created_at), in id order, so the first 100 approvals of a run are on its page.
    const newestPath = `/api/professionals?${new URLSearchParams({ service: 'Network Setup', sort: 'newest', limit: '100' })}`;
    const listed = (slug: string) => (_status: number, body: unknown) => ((body ?? []) as Listed[]).some((p) => p.slug === slug);
    const approve = async (i: number) => {
      const application = pending.shift();
      if (!application) {
        if (approvalFailures.length < 5) approvalFailures.push('no pending application left (raise BENCH_APPLICANT_COUNT)');
        return;
      }
      const slug = application.email.replace(/@.*$/, '');
      const code = application.companyName.split(' ')[0]!;
      const answers: Record<string, { path: string; shows: (status: number, body: unknown) => boolean }> = {
        profile: { path: `/api/professionals/slug/${encodeURIComponent(slug)}`, shows: (status) => status === 200 },
        'text search': { path: `/api/professionals?${new URLSearchParams({ search: code })}`, shows: listed(slug) },
        ...(i < 90 ? { 'newest of a service': { path: newestPath, shows: listed(slug) } } : {}),
      };
      // Asked now: cached when the approval lands.
      await Promise.all(Object.values(answers).map((a) => getJson(baseUrl, a.path)));
      const sent = performance.now();
      const res = await admin.request(`/api/admin/applications/${application.id}/approve`, { method: 'POST', body: {} });
      const committed = performance.now();
      if (res.status !== 200) {
        if (approvalFailures.length < 5) approvalFailures.push(`${res.status} ${(await res.text()).slice(0, 200)}`);
        else await res.arrayBuffer();
        return;
      }
      await res.arrayBuffer();
      approvalsOk += 1;
      approvalTimes.push(committed - sent);
      const watched = await Promise.all(
        Object.entries(answers).map(async ([name, a]) => {
          const caughtUp = await watch(committed, async () => {
            const { status, body } = await getJson(baseUrl, a.path);
            return a.shows(status, body);
          });
          return [name, caughtUp] as const;
        }),
      );
      probes.approvals.push(Object.fromEntries(watched));
      note(`approval of ${slug} (application ${application.id})`, Object.fromEntries(watched.map(([name, w]) => [name, [answers[name]!.path, w]])));
    };

    // The schedule: write i starts at i / rate seconds, unless MAX_IN_FLIGHT writes are still unanswered.
    const schedule = (rate: number, planned: number, write: (i: number) => Promise<void>, failures: string[]) =>
      (async () => {
        let skipped = 0;
        for (let i = 0; i < planned; i++) {
          const due = started + (i * 1000) / rate;
          const wait = due - performance.now();
          if (wait > 0) await sleep(wait);
          if (inFlight.size >= MAX_IN_FLIGHT) {
            skipped += 1;
            continue;
          }
          track(write(i).catch((error: unknown) => void (failures.length < 5 && failures.push(String(error)))));
        }
        return skipped;
      })();
    const [reviewsSkipped, approvalsSkipped] = await Promise.all([
      schedule(input.reviewsPerSecond, plannedReviews, writeReview, reviewFailures),
      schedule(input.approvalsPerSecond, plannedApprovals, approve, approvalFailures),
    ]);
    const writingSeconds = (performance.now() - started) / 1000;
    await Promise.allSettled([...inFlight]);

    const sortedTimes = (t: number[]) => [...t].sort((a, b) => a - b).map(Math.round);
    const write = (planned: number, ok: number, skipped: number, failures: string[], times: number[]): WriteSummary => ({
      planned,
      ok,
      failed: planned - skipped - ok,
      skipped,
      perSecond: Math.round((10 * ok) / Math.max(writingSeconds, 1e-3)) / 10,
      failures,
      p50Ms: percentile(sortedTimes(times), 50),
      p99Ms: percentile(sortedTimes(times), 99),
    });
    const staleness = (list: Probe[]) => ({
      ...summariseLags(list.map((p) => worst(p, 'staleFor'))),
      byAnswer: Object.fromEntries(
        [...new Set(list.flatMap((p) => Object.keys(p)))].map((name) => [name, summariseLags(list.flatMap((p) => (p[name] ? [p[name].staleFor] : [])))]),
      ),
      untilFresh: summariseLags(list.map((p) => worst(p, 'freshAfter'))),
    });
    return {
      reviews: { ...write(plannedReviews, reviewsOk, reviewsSkipped, reviewFailures, reviewTimes), recalculated: summariseLags(recalculated) },
      approvals: write(plannedApprovals, approvalsOk, approvalsSkipped, approvalFailures, approvalTimes),
      staleness: {
        reviews: staleness(probes.reviews),
        approvals: staleness(probes.approvals),
        all: summariseLags([...probes.reviews, ...probes.approvals].map((p) => worst(p, 'staleFor'))),
        allUntilFresh: summariseLags([...probes.reviews, ...probes.approvals].map((p) => worst(p, 'freshAfter'))),
        searchUnchecked,
        slowest: watchedAnswers
          .filter((a) => a.staleFor !== 0)
          .sort((a, b) => (b.staleFor ?? Infinity) - (a.staleFor ?? Infinity))
          .slice(0, 10),
        pollMs: POLL_MS,
        probeRequests,
      },
    };
  } finally {
    await db.end();
  }
}

if (parentPort && (workerData as { role?: string } | null)?.role === 'long-tail-writer') {
  const port = parentPort;
  run(workerData as WriterInput).then((value) => port.postMessage({ kind: 'result', value }));
}
