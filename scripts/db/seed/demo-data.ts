// Builds the demo data set in memory: about 60 approved professionals with active subscriptions
// spread over real UK places, the demo customers who reviewed them, their payments, and two
// paid applications waiting for review (so an admin can approve one and reject the other). Pure and deterministic (a fixed seed and a given `now`), so the
// same rows come out on every machine; demo-seed.ts writes them and adds the random passwords.
//
// What must stay true (checked by demo-data.test.ts):
// - every `region` is a name of core/locations (UK_LOCATIONS) and its postcode's outcode is a
//   real outcode from core/geo/uk-outcodes.csv inside that place's radius;
// - rating, reviewCount and recommendCount agree with the reviews (true mean, one decimal);
// - review counts are long-tailed and ratings J-shaped, as on a real directory; every review,
//   reply and description is hand-written and used once (demo-reviews.ts, demo-text.test.ts);
// - every home-page category has professionals; lat/lng stay empty (the worker fills them).
import type { ProfessionalListItem } from '../../../core/directory';
import { LISTING_FIELDS, type BusinessType, type EmployeeCount, type ListingFields, type ListingFieldValues } from '../../../core/listing-fields';
import { slugify } from '../../../core/slug';
import { findLocation } from '../../../core/locations';
import { PLANS } from '../../../core/plans';
import { CATEGORY_TILES, type Service } from '../../../core/services';
import { ARCHETYPES, FIRST_NAMES, GENERIC_STEMS, SURNAMES, type Archetype, type Nation } from './demo-text';
import { REVIEWS, type ReviewSeed } from './demo-reviews';
import { distanceKm, outcodesNear, plausiblePostcode, type Outcode } from './places';
import { createListingFieldSeeder, type ListingFieldSeeder } from './listing-field-seeds';
import { createRandom, type Random } from './random';
import { hourlyEquivalentPence } from '../../../core/hourly-rate';

export const DEMO_SEED = 20241214;
/** Demo people and companies use reserved domains (RFC 2606), so none of them is a real mailbox. */
export const DEMO_USER_DOMAIN = 'example.com';
export const DEMO_COMPANY_TLD = '.example';
export const DEMO_INVOICE_PREFIX = 'in_demo_';

export type SubscriptionPlan = 'monthly' | 'yearly';

/** What a business tells us about itself, in an application and then in its listing. */
export interface DemoBusiness
  extends Pick<ProfessionalListItem, 'companyName' | 'contactName' | 'email' | 'phone' | 'website' | 'description' | 'location' | 'region' | 'postcode' | 'rateType' | 'isProjectBased'>,
    ListingFieldValues {
  services: Service[];
  ratePence: number | null;
  createdAt: Date;
}

export interface DemoProfessional extends DemoBusiness {
  slug: string;
  hourlyRatePence: number | null;
  /** '4.3': numeric(2,1) as text. */
  rating: string;
  reviewCount: number;
  recommendCount: number;
  subscriptionType: SubscriptionPlan;
  firstPaidAt: Date;
  approvedAt: Date;
  currentPeriodEnd: Date;
}

export interface DemoPayment {
  professionalSlug: string;
  stripeInvoiceId: string;
  amountPence: number;
  plan: SubscriptionPlan;
  periodStart: Date;
  periodEnd: Date;
  paidAt: Date;
}

export interface DemoUser {
  email: string;
  name: string;
  role: 'customer' | 'provider' | 'admin';
  professionalSlug: string | null;
  createdAt: Date;
}

export interface DemoReview {
  userEmail: string;
  professionalSlug: string;
  rating: number;
  title: string;
  comment: string;
  projectType: string | null;
  wouldRecommend: boolean;
  reply: string | null;
  createdAt: Date;
  repliedAt: Date | null;
}

/**
 * A paid application waiting for an admin, as a paid checkout leaves it (worker/src/billing/
 * reconcile.ts): the applicant's account (a provider), its listing (not approved, so not in the
 * directory; subscription active), its first payment, and the application itself (status pending).
 */
export interface DemoApplication extends DemoBusiness {
  userEmail: string;
  plan: SubscriptionPlan;
  /** The unapproved listing the payment made. */
  listingSlug: string;
  paidAt: Date;
  currentPeriodEnd: Date;
}

export interface DemoData {
  professionals: DemoProfessional[];
  payments: DemoPayment[];
  /** Every user: the three demo accounts, the reviewers and the applicant. */
  users: DemoUser[];
  reviews: DemoReview[];
  /** Paid and waiting for review, oldest first. */
  applications: DemoApplication[];
  /** The accounts whose passwords are printed at first start. */
  accounts: { admin: DemoUser; provider: DemoUser; customer: DemoUser };
}

interface Placement {
  location: string;
  count: number;
  nation: Nation;
  /** The town the text names. */
  town: string;
  /** The wider area, as in "businesses across {area}". */
  area: string;
  stems: readonly string[];
  serviceAreas: readonly string[];
  /** Where to look for outcodes when the place is a county or region (a town in it). */
  anchor?: { lat: number; lng: number };
  /** Ofcom drama-range prefix for this area (the last three digits are added). */
  phonePrefix: string;
}

const OTHER_PHONE = '01632 960';
const MOBILE_PHONE = '07700 900';

const PLACEMENTS: readonly Placement[] = [
  { location: 'London', count: 6, nation: 'england', town: 'London', area: 'London', stems: ['Thames', 'Capital', 'Bankside', 'Strand', 'Fleet Street', 'Thameside'], serviceAreas: ['Central London', 'London and the Home Counties', 'Greater London, and remotely across the UK', 'North and East London', 'South and West London'], phonePrefix: '020 7946 0' },
  { location: 'Manchester', count: 4, nation: 'england', town: 'Manchester', area: 'Greater Manchester', stems: ['Irwell', 'Ancoats', 'Deansgate', 'Northern Quarter'], serviceAreas: ['Manchester and Greater Manchester', 'Manchester, Salford and Trafford', 'Greater Manchester and the North West'], phonePrefix: '0161 496 0' },
  { location: 'Birmingham', count: 4, nation: 'england', town: 'Birmingham', area: 'the West Midlands', stems: ['Digbeth', 'Edgbaston', 'Brindley', 'Jewellery Quarter'], serviceAreas: ['Birmingham and the West Midlands', 'Birmingham, Solihull and Sutton Coldfield', 'Birmingham city centre'], phonePrefix: '0121 496 0' },
  { location: 'Leeds', count: 3, nation: 'england', town: 'Leeds', area: 'West Yorkshire', stems: ['Aire', 'Kirkstall', 'Headingley'], serviceAreas: ['Leeds and West Yorkshire', 'Leeds, Bradford and Wakefield'], phonePrefix: '0113 496 0' },
  { location: 'Glasgow', count: 3, nation: 'scotland', town: 'Glasgow', area: 'Glasgow and the west of Scotland', stems: ['Clyde', 'Kelvin', 'Merchant City'], serviceAreas: ['Glasgow and surrounding areas', 'Glasgow, Paisley and East Kilbride', 'Central Scotland'], phonePrefix: '0141 496 0' },
  { location: 'Edinburgh', count: 3, nation: 'scotland', town: 'Edinburgh', area: 'Edinburgh and the Lothians', stems: ['Forth', 'Leith', 'Holyrood', 'Calton'], serviceAreas: ['Edinburgh and the Lothians', 'Edinburgh, Fife and the Borders'], phonePrefix: '0131 496 0' },
  { location: 'Bristol', count: 3, nation: 'england', town: 'Bristol', area: 'Bristol and Bath', stems: ['Avon', 'Clifton', 'Harbourside', 'Bedminster'], serviceAreas: ['Bristol and Bath', 'Bristol and South Gloucestershire', 'Bristol, and remotely across the UK'], phonePrefix: '0117 496 0' },
  { location: 'Liverpool', count: 2, nation: 'england', town: 'Liverpool', area: 'Merseyside', stems: ['Mersey', 'Wavertree', 'Albert Dock'], serviceAreas: ['Liverpool and Merseyside', 'Liverpool, Wirral and St Helens'], phonePrefix: '0151 496 0' },
  { location: 'Sheffield', count: 2, nation: 'england', town: 'Sheffield', area: 'South Yorkshire', stems: ['Kelham', 'Don Valley', 'Hallam'], serviceAreas: ['Sheffield and South Yorkshire', 'Sheffield, Rotherham and the Peak District'], phonePrefix: '0114 496 0' },
  { location: 'Newcastle upon Tyne', count: 2, nation: 'england', town: 'Newcastle', area: 'Tyneside', stems: ['Tyne', 'Quayside', 'Jesmond'], serviceAreas: ['Newcastle and Tyneside', 'Tyne and Wear and Northumberland'], phonePrefix: '0191 498 0' },
  { location: 'Nottingham', count: 2, nation: 'england', town: 'Nottingham', area: 'Nottinghamshire', stems: ['Trent', 'Lace Market', 'Sherwood'], serviceAreas: ['Nottingham and Nottinghamshire', 'Nottingham, Derby and the East Midlands'], phonePrefix: '0115 496 0' },
  { location: 'Cardiff', count: 2, nation: 'wales', town: 'Cardiff', area: 'South Wales', stems: ['Taff', 'Bute', 'Llandaff'], serviceAreas: ['Cardiff and South Wales', 'Cardiff, Newport and the Vale of Glamorgan'], phonePrefix: '029 2018 0' },
  { location: 'Belfast', count: 2, nation: 'northern-ireland', town: 'Belfast', area: 'Northern Ireland', stems: ['Lagan', 'Cavehill', 'Cathedral Quarter'], serviceAreas: ['Belfast and Northern Ireland', 'Greater Belfast, Lisburn and Bangor'], phonePrefix: '028 9649 6' },
  { location: 'Leicester', count: 1, nation: 'england', town: 'Leicester', area: 'Leicestershire', stems: ['Soar', 'Abbey Park'], serviceAreas: ['Leicester and Leicestershire'], phonePrefix: '0116 496 0' },
  { location: 'Southampton', count: 1, nation: 'england', town: 'Southampton', area: 'Hampshire', stems: ['Solent', 'Itchen'], serviceAreas: ['Southampton and the Solent area'], phonePrefix: OTHER_PHONE },
  { location: 'Brighton', count: 1, nation: 'england', town: 'Brighton', area: 'Sussex', stems: ['Kemptown', 'Seven Dials', 'Downs'], serviceAreas: ['Brighton, Hove and East Sussex'], phonePrefix: OTHER_PHONE },
  { location: 'Reading', count: 1, nation: 'england', town: 'Reading', area: 'the Thames Valley', stems: ['Kennet', 'Thames Valley'], serviceAreas: ['Reading and the Thames Valley'], phonePrefix: '0118 496 0' },
  { location: 'Oxford', count: 1, nation: 'england', town: 'Oxford', area: 'Oxfordshire', stems: ['Cherwell', 'Radcliffe', 'Isis'], serviceAreas: ['Oxford and Oxfordshire'], phonePrefix: OTHER_PHONE },
  { location: 'Cambridge', count: 1, nation: 'england', town: 'Cambridge', area: 'Cambridgeshire', stems: ['Granta', 'Fenland'], serviceAreas: ['Cambridge and surrounding villages'], phonePrefix: OTHER_PHONE },
  { location: 'Norwich', count: 1, nation: 'england', town: 'Norwich', area: 'Norfolk', stems: ['Wensum', 'Broadland'], serviceAreas: ['Norwich and Norfolk'], phonePrefix: OTHER_PHONE },
  { location: 'York', count: 1, nation: 'england', town: 'York', area: 'North Yorkshire', stems: ['Ouse', 'Minster'], serviceAreas: ['York and North Yorkshire'], phonePrefix: OTHER_PHONE },
  { location: 'Aberdeen', count: 1, nation: 'scotland', town: 'Aberdeen', area: 'Aberdeen and Aberdeenshire', stems: ['Granite City', 'Deeside'], serviceAreas: ['Aberdeen and Aberdeenshire'], phonePrefix: OTHER_PHONE },
  { location: 'Plymouth', count: 1, nation: 'england', town: 'Plymouth', area: 'Devon and Cornwall', stems: ['Tamar', 'Drake'], serviceAreas: ['Plymouth, South Devon and East Cornwall'], phonePrefix: OTHER_PHONE },
  { location: 'Exeter', count: 1, nation: 'england', town: 'Exeter', area: 'Devon', stems: ['Exe', 'Haldon'], serviceAreas: ['Exeter and East Devon'], phonePrefix: OTHER_PHONE },
  { location: 'Milton Keynes', count: 1, nation: 'england', town: 'Milton Keynes', area: 'Buckinghamshire', stems: ['Willen', 'Ouzel'], serviceAreas: ['Milton Keynes and North Buckinghamshire'], phonePrefix: OTHER_PHONE },
  { location: 'Coventry', count: 1, nation: 'england', town: 'Coventry', area: 'Warwickshire', stems: ['Spires', 'Sherbourne'], serviceAreas: ['Coventry and Warwickshire'], phonePrefix: OTHER_PHONE },
  { location: 'Swansea', count: 1, nation: 'wales', town: 'Swansea', area: 'South West Wales', stems: ['Tawe', 'Gower', 'Mumbles'], serviceAreas: ['Swansea, Gower and Neath Port Talbot'], phonePrefix: OTHER_PHONE },
  { location: 'Derby', count: 1, nation: 'england', town: 'Derby', area: 'Derbyshire', stems: ['Derwent'], serviceAreas: ['Derby and Derbyshire'], phonePrefix: OTHER_PHONE },
  { location: 'Stoke-on-Trent', count: 1, nation: 'england', town: 'Stoke-on-Trent', area: 'Staffordshire', stems: ['Potteries', 'Trentham'], serviceAreas: ['Stoke-on-Trent and North Staffordshire'], phonePrefix: OTHER_PHONE },
  { location: 'Cornwall', count: 1, nation: 'england', town: 'Truro', area: 'Cornwall', stems: ['Kernow', 'Fal'], serviceAreas: ['Cornwall, from Truro to Penzance'], anchor: { lat: 50.2632, lng: -5.051 }, phonePrefix: OTHER_PHONE },
  { location: 'Kent', count: 1, nation: 'england', town: 'Maidstone', area: 'Kent', stems: ['Medway', 'Weald'], serviceAreas: ['Maidstone and mid Kent'], anchor: { lat: 51.272, lng: 0.529 }, phonePrefix: OTHER_PHONE },
  { location: 'Highland', count: 1, nation: 'scotland', town: 'Fort William', area: 'the Highlands', stems: ['Nevis', 'Lochaber'], serviceAreas: ['Lochaber and the West Highlands, with remote support anywhere'], anchor: { lat: 56.8198, lng: -5.1052 }, phonePrefix: OTHER_PHONE },
  { location: 'Surrey', count: 1, nation: 'england', town: 'Guildford', area: 'Surrey', stems: ['Wey', 'Surrey Hills'], serviceAreas: ['Guildford and West Surrey'], anchor: { lat: 51.2362, lng: -0.5704 }, phonePrefix: OTHER_PHONE },
  { location: 'Hertfordshire', count: 1, nation: 'england', town: 'St Albans', area: 'Hertfordshire', stems: ['Verulam', 'Ver'], serviceAreas: ['St Albans, Harpenden and Hertfordshire'], anchor: { lat: 51.7527, lng: -0.3394 }, phonePrefix: OTHER_PHONE },
  { location: 'North Wales', count: 1, nation: 'wales', town: 'Bangor', area: 'North Wales', stems: ['Menai', 'Eryri'], serviceAreas: ['Gwynedd, Anglesey and Conwy'], anchor: { lat: 53.2274, lng: -4.1293 }, phonePrefix: OTHER_PHONE },
];

/** The applicants waiting for review, in places no listed professional uses (Bath, Swindon). */
const APPLICATIONS: readonly { placement: Placement; archetype: string; plan: SubscriptionPlan; hoursAgo: number }[] = [
  {
    placement: { location: 'Bath', count: 1, nation: 'england', town: 'Bath', area: 'Bath and North East Somerset', stems: ['Kennet', 'Sulis', 'Royal Crescent'], serviceAreas: ['Bath, Bristol and Wiltshire'], phonePrefix: OTHER_PHONE },
    archetype: 'web-studio',
    plan: 'yearly',
    // Paid yesterday afternoon: inside the promised 24-48 hours of review.
    hoursAgo: 20,
  },
  {
    placement: { location: 'Swindon', count: 1, nation: 'england', town: 'Swindon', area: 'Wiltshire', stems: ['Brunel', 'Old Town', 'Railway'], serviceAreas: ['Swindon and North Wiltshire'], phonePrefix: OTHER_PHONE },
    archetype: 'msp',
    plan: 'monthly',
    hoursAgo: 6,
  },
];

const DAY_MS = 24 * 3600 * 1000;
const BUSINESS_TYPES = { limited: 'Limited company', sole: 'Sole trader', partnership: 'Partnership' } as const satisfies Record<string, BusinessType>;


/** True mean to one decimal, rounded half up, as numeric(2,1) text: [5,4,4] → '4.3'. */
export function meanRating(ratings: readonly number[]): string {
  if (ratings.length === 0) return '0.0';
  const sum = ratings.reduce((a, b) => a + b, 0);
  // Integer arithmetic: round(10 * sum / n) half up, without floating-point surprises.
  const tenths = Math.floor((20 * sum + ratings.length) / (2 * ratings.length));
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

function addPeriod(date: Date, plan: SubscriptionPlan, count: number): Date {
  const next = new Date(date);
  if (plan === 'monthly') next.setUTCMonth(next.getUTCMonth() + count);
  else next.setUTCFullYear(next.getUTCFullYear() + count);
  return next;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/**
 * Districts numbered 50 and above near city centres are mostly non-geographic (PO boxes and
 * large users: M99, LS98, YO90, BN50, CF95); businesses on a map belong in ordinary ones.
 */
function isEverydayDistrict(outcode: string): boolean {
  const digits = /^[A-Z]{1,2}(\d+)/.exec(outcode)?.[1];
  return digits !== undefined && Number(digits) < 50;
}

/** Chooses outcodes for a place: the nearest first, then others close by, all inside the place. */
function outcodesFor(placement: Placement, outcodes: readonly Outcode[], random: Random): Outcode[] {
  const place = findLocation(placement.location);
  if (!place) throw new Error(`Unknown location ${placement.location}`);
  const centre = placement.anchor ?? place;
  const searchKm = placement.anchor ? 12 : Math.min(place.radiusKm, 8);
  const candidates = outcodesNear(outcodes, centre, searchKm).filter(
    (o) => distanceKm(place, o) <= place.radiusKm && isEverydayDistrict(o.outcode),
  );
  if (candidates.length < placement.count) throw new Error(`Too few outcodes near ${placement.location}`);
  const [nearest, ...rest] = candidates;
  return [nearest!, ...random.sample(rest.slice(0, Math.max(placement.count * 4, 4)), placement.count - 1)];
}

interface Identity {
  companyName: string;
  contactName: string;
  firstName: string;
  slug: string;
  email: string;
  website: string | null;
}

function makeIdentity(
  placement: Placement,
  archetype: Archetype,
  random: Random,
  taken: Set<string>,
): Identity {
  for (let attempt = 0; attempt < 50; attempt++) {
    const firstName = random.pick([...FIRST_NAMES[placement.nation], ...(placement.nation === 'england' ? [] : FIRST_NAMES.england.slice(0, 10))]);
    const surname = random.pick(SURNAMES[placement.nation]);
    const stem = random.chance(0.6) ? random.pick(placement.stems) : random.pick(GENERIC_STEMS);
    const companyName = fill(random.pick(archetype.names), { Stem: stem, Surname: surname, Town: placement.town });
    const slug = slugify(companyName);
    const domain = slugify(companyName.replace(/\bLtd\b/, ''));
    if (taken.has(slug) || taken.has(domain)) continue;
    taken.add(slug);
    taken.add(domain);
    const mailbox = random.pick(['hello', 'info', 'enquiries', slugify(firstName)]);
    return {
      companyName,
      contactName: `${firstName} ${surname}`,
      firstName,
      slug,
      email: `${mailbox}@${domain}${DEMO_COMPANY_TLD}`,
      website: random.chance(0.75) ? `https://www.${domain}${DEMO_COMPANY_TLD}` : null,
    };
  }
  throw new Error(`Could not find a unique company name in ${placement.location}`);
}

/** The business's own details, as it gives them (in its application, then its listing). */
function businessDetails(identity: Identity, placement: Placement, archetype: Archetype, outcode: Outcode, phone: string | null, random: Random, words: Words) {
  return {
    companyName: identity.companyName,
    contactName: identity.contactName,
    email: identity.email,
    phone,
    website: identity.website,
    description: makeDescription(placement, archetype, identity.companyName, words, random),
    services: makeServices(archetype, random),
    location: random.pick(placement.serviceAreas),
    region: placement.location,
    postcode: plausiblePostcode(outcode.outcode, random),
  };
}

/**
 * The hand-written sentences, each used at most once across the whole data set (demo-text.test.ts
 * fails on a sentence or a near-copy seen twice), drawn in an order fixed by the seed.
 */
interface Words {
  /** Choices: counts, ratings, dates. */
  random: Random;
  /** Only shuffles the pools, so that adding sentences to a pool changes no other choice. */
  order: Random;
  /** What is left of each pool, keyed by archetype and part ('web-studio/openers'). */
  left: Map<string, string[]>;
}

function draw(words: Words, key: string, pool: readonly string[]): string {
  let left = words.left.get(key);
  if (!left) {
    left = words.order.shuffle(pool);
    words.left.set(key, left);
  }
  const next = left.pop();
  if (next === undefined) throw new Error(`The demo text has run out of ${key}: write more`);
  return next;
}

/**
 * How many numbers the first stream used to draw for a description, before descriptions moved to
 * their own stream: still drawn, so every name, place and price stays as it was.
 */
const FORMER_DESCRIPTION_DRAWS: Readonly<Record<string, number>> = { ux: 6, data: 6, marketing: 6, 'small-business': 6, repair: 6 };

function makeDescription(placement: Placement, archetype: Archetype, companyName: string, words: Words, random: Random): string {
  for (let i = 0; i < (FORMER_DESCRIPTION_DRAWS[archetype.id] ?? 7); i++) random.next();
  const values = { Company: companyName, town: placement.town, area: placement.area, year: String(words.random.int(2004, 2021)) };
  const opener = draw(words, `${archetype.id}/openers`, archetype.openers);
  // A second middle sentence only while the pool has one to spare for every later business.
  const middles = [draw(words, `${archetype.id}/middles`, archetype.middles)];
  const spare = (words.left.get(`${archetype.id}/middles`)?.length ?? 0) - (words.left.get(`${archetype.id}/openers`)?.length ?? 0);
  const second = words.random.chance(0.6);
  if (spare > 0 && second) middles.push(draw(words, `${archetype.id}/middles`, archetype.middles));
  const closer = draw(words, `${archetype.id}/closers`, archetype.closers);
  return [opener, ...middles, closer].map((s) => fill(s, values)).join(' ');
}

function makeServices(archetype: Archetype, random: Random): Service[] {
  const extraCount = random.int(0, 5 - archetype.core.length);
  return [...archetype.core, ...random.sample(archetype.extras, Math.min(extraCount, archetype.extras.length))];
}

function makeRate(archetype: Archetype, random: Random): Pick<DemoProfessional, 'ratePence' | 'rateType' | 'hourlyRatePence' | 'isProjectBased'> {
  const roll = random.next();
  if (roll < 0.07) return { ratePence: null, rateType: null, hourlyRatePence: null, isProjectBased: false };
  if (roll < 0.19) return { ratePence: null, rateType: null, hourlyRatePence: null, isProjectBased: true };
  if (archetype.daily && roll < 0.42) {
    const [min, max] = archetype.daily;
    const ratePence = random.int(min / 10, max / 10) * 1000;
    return { ratePence, rateType: 'daily', hourlyRatePence: hourlyEquivalentPence(ratePence, 'daily'), isProjectBased: false };
  }
  const [min, max] = archetype.hourly;
  const ratePence = random.int(Math.ceil(min / 5), Math.floor(max / 5)) * 500;
  return { ratePence, rateType: 'hourly', hourlyRatePence: ratePence, isProjectBased: false };
}

function makePhone(placement: Placement, index: number, random: Random): string | null {
  if (random.chance(0.1)) return null;
  const digits = String(index % 1000).padStart(3, '0');
  return random.chance(0.25) ? `${MOBILE_PHONE}${digits}` : `${placement.phonePrefix}${digits}`;
}

function businessTypeFor(companyName: string, employeeCount: EmployeeCount, random: Random): BusinessType {
  if (/\bLtd\b/.test(companyName)) return BUSINESS_TYPES.limited;
  if (employeeCount === '1') return random.chance(0.7) ? BUSINESS_TYPES.sole : BUSINESS_TYPES.limited;
  return random.chance(0.75) ? BUSINESS_TYPES.limited : BUSINESS_TYPES.partnership;
}

function makeReviewers(random: Random, count: number, now: Date, emails = new Set<string>()): DemoUser[] {
  const users: DemoUser[] = [];
  const nations: Nation[] = ['england', 'england', 'england', 'scotland', 'wales', 'northern-ireland'];
  while (users.length < count) {
    const nation = random.pick(nations);
    const first = random.pick(FIRST_NAMES[nation]);
    const last = random.pick(SURNAMES[nation]);
    const email = `${slugify(first)}.${slugify(last)}@${DEMO_USER_DOMAIN}`;
    if (emails.has(email)) continue;
    emails.add(email);
    // Accounts older than any listing, so every review is written after its author signed up.
    users.push({ email, name: `${first} ${last}`, role: 'customer', professionalSlug: null, createdAt: new Date(now.getTime() - random.int(720, 900) * DAY_MS) });
  }
  return users;
}

/**
 * How many reviews each reviewed listing has, as on a real directory: a long tail of listings with
 * one to four, a few with five to ten and three busy ones. Dealt out at random by the seed.
 */
const REVIEW_COUNTS: readonly number[] = [
  ...Array<number>(17).fill(1), ...Array<number>(11).fill(2), ...Array<number>(8).fill(3), ...Array<number>(6).fill(4),
  5, 6, 8,
];
/** The three busy listings: home computer help and small-business IT, which many people call on. */
const BUSY: readonly { kind: string; count: number }[] = [
  { kind: 'home-support', count: 27 },
  { kind: 'small-business', count: 19 },
  { kind: 'home-support', count: 15 },
];

/**
 * Star ratings are J-shaped on review sites: mostly 5s, a fair share of 4s, a few 3s and the odd
 * 1 or 2. A few businesses are simply weaker, with more middling and poor reviews.
 */
const RATING_WEIGHTS = {
  good: [0.04, 0.04, 0.07, 0.22, 0.63],
  weak: [0.12, 0.14, 0.24, 0.3, 0.2],
} as const;

function pickRating(random: Random, weights: readonly number[]): 1 | 2 | 3 | 4 | 5 {
  let roll = random.next();
  for (let i = 0; i < weights.length; i++) {
    roll -= weights[i]!;
    if (roll < 0) return (i + 1) as 1 | 2 | 3 | 4 | 5;
  }
  return 5;
}

function withoutPoor(weights: readonly number[]): number[] {
  const rest = weights.slice(2).reduce((a, b) => a + b, 0);
  return weights.map((w, i) => (i < 2 ? 0 : w / rest));
}

/** The unused review of the listing's kind closest to the wanted rating (ties go to the better one). */
function takeReview(left: ReviewSeed[], rating: number, kind: string): ReviewSeed {
  for (const distance of [0, 1, 2, 3, 4]) {
    for (const candidate of [rating + distance, rating - distance]) {
      const index = left.findIndex((r) => r.rating === candidate);
      if (index >= 0) return left.splice(index, 1)[0]!;
    }
  }
  throw new Error(`The demo text has run out of ${kind} reviews: write more`);
}

export function buildDemoData(options: { outcodes: readonly Outcode[]; now?: Date; seed?: number }): DemoData {
  const random = createRandom(options.seed ?? DEMO_SEED);
  // Whole days keep the data identical for a given date, whatever the time of day.
  const now = new Date(Math.floor((options.now ?? new Date()).getTime() / DAY_MS) * DAY_MS + 9 * 3600 * 1000);
  const taken = new Set<string>();
  // The words (descriptions, reviews) come from their own stream, so rewriting them leaves the
  // businesses' names and places as they are.
  const words: Words = { random: createRandom((options.seed ?? DEMO_SEED) ^ 0x5eed7e47), order: createRandom((options.seed ?? DEMO_SEED) ^ 0x0dde7), left: new Map() };
  // The listing fields the archetypes do not give come from streams of their own (listing-field-seeds.ts).
  const listingFields = createListingFieldSeeder((options.seed ?? DEMO_SEED) ^ 0x11571e1d, LISTING_FIELDS);
  const total = PLACEMENTS.reduce((n, p) => n + p.count, 0);
  // Every kind of business appears about equally often, so every home-page category is filled.
  const archetypeQueue = random.shuffle(Array.from({ length: total }, (_, i) => ARCHETYPES[i % ARCHETYPES.length]!));

  const professionals: DemoProfessional[] = [];
  let phoneIndex = random.int(100, 400);
  for (const placement of PLACEMENTS) {
    const places = outcodesFor(placement, options.outcodes, random);
    for (const outcode of places) {
      const archetype = archetypeQueue[professionals.length]!;
      const identity = makeIdentity(placement, archetype, random, taken);
      const subscriptionType: SubscriptionPlan = random.chance(0.62) ? 'monthly' : 'yearly';
      const firstPaidAt = new Date(now.getTime() - random.int(12, 700) * DAY_MS - random.int(0, 8 * 3600) * 1000);
      let periods = 1;
      while (addPeriod(firstPaidAt, subscriptionType, periods) <= now) periods++;
      const employeeCount = random.pick(archetype.employeeCounts);
      const phone = makePhone(placement, phoneIndex++, random);
      professionals.push({
        slug: identity.slug,
        ...businessDetails(identity, placement, archetype, outcode, phone, random, words),
        ...makeRate(archetype, random),
        ...listingFields({ employeeCount, businessType: businessTypeFor(identity.companyName, employeeCount, random) }),
        rating: '0.0',
        reviewCount: 0,
        recommendCount: 0,
        subscriptionType,
        // Applied shortly before paying; approved within the promised 48 hours.
        createdAt: new Date(firstPaidAt.getTime() - random.int(10, 120) * 60 * 1000),
        firstPaidAt,
        approvedAt: new Date(firstPaidAt.getTime() + random.int(2, 40) * 3600 * 1000),
        currentPeriodEnd: addPeriod(firstPaidAt, subscriptionType, periods),
      });
    }
  }

  const payments: DemoPayment[] = professionals.flatMap((p) => {
    const list: DemoPayment[] = [];
    for (let n = 0; addPeriod(p.firstPaidAt, p.subscriptionType, n) <= now; n++) {
      const periodStart = addPeriod(p.firstPaidAt, p.subscriptionType, n);
      list.push({
        professionalSlug: p.slug,
        stripeInvoiceId: `${DEMO_INVOICE_PREFIX}${p.slug}_${n + 1}`,
        amountPence: PLANS[p.subscriptionType].pricePence,
        plan: p.subscriptionType,
        periodStart,
        periodEnd: addPeriod(p.firstPaidAt, p.subscriptionType, n + 1),
        paidAt: periodStart,
      });
    }
    return list;
  });

  // The first 36 reviewers as they always were, then more from the words' stream: enough that
  // most reviewers write one or two reviews, and the busiest listing finds its authors.
  const reviewers = makeReviewers(random, 36, now);
  reviewers.push(...makeReviewers(words.random, 104, now, new Set(reviewers.map((u) => u.email))));
  const reviews: DemoReview[] = [];
  // The newest listings have no reviews yet, as on a real directory.
  const newest = new Set([...professionals].sort((a, b) => b.firstPaidAt.getTime() - a.firstPaidAt.getTime()).slice(0, professionals.length - REVIEW_COUNTS.length - BUSY.length).map((p) => p.slug));
  const counts = new Map<string, number>();
  const reviewed = professionals.filter((p) => !newest.has(p.slug));
  for (const { kind, count } of BUSY) {
    const candidates = reviewed.filter((p) => archetypeQueue[professionals.indexOf(p)]!.id === kind && !counts.has(p.slug));
    counts.set(words.random.pick(candidates).slug, count);
  }
  const rest = words.random.shuffle(REVIEW_COUNTS);
  for (const p of reviewed) if (!counts.has(p.slug)) counts.set(p.slug, rest.pop()!);
  const unused = new Map(ARCHETYPES.map((a) => [a.id, words.order.shuffle(REVIEWS[a.id] ?? [])]));
  professionals.forEach((professional, index) => {
    if (newest.has(professional.slug)) return;
    const archetype = archetypeQueue[index]!;
    const count = counts.get(professional.slug)!;
    const base = words.random.chance(0.15) ? RATING_WEIGHTS.weak : RATING_WEIGHTS.good;
    // A 1 or 2 comes with a longer record: no listing is judged on one furious review, so every
    // average stays at 3.0 or above (and the newest listings have none at all).
    const weights = count <= 4 ? withoutPoor(base) : base;
    const authors = words.random.sample(reviewers, count);
    const firstName = professional.contactName.split(' ')[0]!;
    const span = Math.max(1, Math.floor((now.getTime() - professional.approvedAt.getTime()) / DAY_MS) - 1);
    for (const author of authors) {
      const seed = takeReview(unused.get(archetype.id)!, pickRating(words.random, weights), archetype.id);
      const values = { first: firstName, reviewer: author.name.split(' ')[0]! };
      // One roll whatever the rating, so a changed rating changes no other choice.
      const roll = words.random.next();
      const wouldRecommend = seed.rating >= 4 ? roll < 0.95 : seed.rating === 3 ? roll < 0.4 : false;
      const createdAt = new Date(professional.approvedAt.getTime() + words.random.int(1, span) * DAY_MS + words.random.int(0, 12 * 3600) * 1000);
      const replyHours = words.random.int(4, 72);
      const named = words.random.chance(0.6);
      const core = words.random.pick(archetype.core);
      const projectType = seed.service && professional.services.includes(seed.service) ? seed.service : named ? core : null;
      reviews.push({
        userEmail: author.email,
        professionalSlug: professional.slug,
        rating: seed.rating,
        title: seed.title,
        comment: fill(seed.text, values),
        projectType,
        wouldRecommend,
        reply: seed.reply ? fill(seed.reply, values) : null,
        createdAt,
        repliedAt: seed.reply ? new Date(Math.min(now.getTime(), createdAt.getTime() + replyHours * 3600 * 1000)) : null,
      });
    }
    const own = reviews.filter((r) => r.professionalSlug === professional.slug);
    professional.rating = meanRating(own.map((r) => r.rating));
    professional.reviewCount = own.length;
    professional.recommendCount = own.filter((r) => r.wouldRecommend).length;
  });

  // The demo provider manages the best-reviewed listing with at least three reviews, in London when
  // one qualifies (with this seed none does, so it is a Leeds listing).
  const providerListing = [...professionals]
    .filter((p) => p.reviewCount >= 3)
    .sort((a, b) => Number(b.region === 'London') - Number(a.region === 'London') || Number(b.rating) - Number(a.rating))[0]!;
  const admin: DemoUser = { email: `admin@${DEMO_USER_DOMAIN}`, name: 'Demo Admin', role: 'admin', professionalSlug: null, createdAt: new Date(now.getTime() - 730 * DAY_MS) };
  const provider: DemoUser = { email: `provider@${DEMO_USER_DOMAIN}`, name: providerListing.contactName, role: 'provider', professionalSlug: providerListing.slug, createdAt: providerListing.createdAt };
  const customer: DemoUser = { email: `customer@${DEMO_USER_DOMAIN}`, name: 'Demo Customer', role: 'customer', professionalSlug: null, createdAt: new Date(now.getTime() - 30 * DAY_MS) };

  const applications = APPLICATIONS.map((spec) => makeApplication(random, words, listingFields, taken, now, spec, outcodesFor(spec.placement, options.outcodes, random)[0]!));
  const applicants: DemoUser[] = applications.map((a) => ({ email: a.userEmail, name: a.contactName, role: 'provider', professionalSlug: a.listingSlug, createdAt: a.paidAt }));
  const applicationPayments: DemoPayment[] = applications.map((a) => ({
    professionalSlug: a.listingSlug,
    stripeInvoiceId: `${DEMO_INVOICE_PREFIX}${a.listingSlug}_1`,
    amountPence: PLANS[a.plan].pricePence,
    plan: a.plan,
    periodStart: a.paidAt,
    periodEnd: a.currentPeriodEnd,
    paidAt: a.paidAt,
  }));

  return {
    professionals,
    payments: [...payments, ...applicationPayments],
    users: [admin, provider, customer, ...reviewers, ...applicants],
    reviews,
    applications,
    accounts: { admin, provider, customer },
  };
}

function makeApplication(random: Random, words: Words, listingFields: ListingFieldSeeder<ListingFields>, taken: Set<string>, now: Date, spec: (typeof APPLICATIONS)[number], outcode: Outcode): DemoApplication {
  const { placement } = spec;
  const archetype = ARCHETYPES.find((a) => a.id === spec.archetype)!;
  const identity = makeIdentity(placement, archetype, random, taken);
  const rate = makeRate(archetype, random);
  const employeeCount = random.pick(archetype.employeeCounts);
  const phone = `${OTHER_PHONE}${String(random.int(0, 999)).padStart(3, '0')}`;
  const paidAt = new Date(now.getTime() - spec.hoursAgo * 3600 * 1000);
  return {
    userEmail: identity.email,
    ...businessDetails(identity, placement, archetype, outcode, phone, random, words),
    ratePence: rate.ratePence,
    rateType: rate.rateType,
    isProjectBased: rate.isProjectBased,
    ...listingFields({ employeeCount, businessType: businessTypeFor(identity.companyName, employeeCount, random) }),
    plan: spec.plan,
    listingSlug: identity.slug,
    // Filled in a few minutes before paying.
    createdAt: new Date(paidAt.getTime() - random.int(5, 30) * 60 * 1000),
    paidAt,
    currentPeriodEnd: addPeriod(paidAt, spec.plan, 1),
  };
}

/** The home-page categories (CATEGORY_TILES) with how many demo professionals offer each. */
export function categoryCoverage(professionals: readonly DemoProfessional[]): Record<string, number> {
  return Object.fromEntries(CATEGORY_TILES.map((tile) => [tile.service, professionals.filter((p) => p.services.includes(tile.service)).length]));
}
