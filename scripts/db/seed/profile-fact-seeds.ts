// The demo's profile facts (issue 34, product rule 46), the same on every run (a seeded generator):
// the year each business began (none before 1985, never after it joined), the languages it works
// in (English for all; Welsh for many Welsh firms; now and then one of the UK's commonly spoken
// languages), some listings not taking on new clients, and a few case studies, hand-written for
// the kind of work the demo's fictional firms do. No photos (the demo has none made for case
// studies) and no figures or reviews: the words describe the work only. Every client is a kind of
// client, never a name. Written in the seed's transaction after the listings.
import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { CaseStudy } from '../../../core/case-studies';
import type { Service } from '../../../core/services';
import type { DemoData, DemoProfessional } from './demo-data';
import { createRandom } from './random';

const OTHER_LANGUAGES = ['Polish', 'Punjabi', 'Urdu', 'Bengali', 'Gujarati', 'French', 'Spanish', 'Romanian', 'Cantonese'] as const;

type Story = Omit<CaseStudy, 'id' | 'photos'>;

/** Case studies by the service they show, written for the demo. */
const STORIES: Partial<Record<Service, readonly Story[]>> = {
  'Web Design': [
    { title: 'A booking site for a family-run guest house', clientKind: 'A six-room guest house', summary: 'Replaced an out-of-date site with a simple one that works on phones, with room pages, a calendar of availability and a contact form that goes straight to the owners.' },
    { title: 'A new website for a local charity', clientKind: 'A volunteer-led community charity', summary: 'Planned the pages with the trustees, wrote plain-English copy with them and built an accessible site they now update themselves.' },
  ],
  'Network Setup': [
    { title: 'Office Wi-Fi that reaches every desk', clientKind: 'A 25-person architecture practice', summary: 'Surveyed the building, replaced consumer routers with managed access points and a separate guest network, and labelled and documented the cabinet.' },
  ],
  Cybersecurity: [
    { title: 'Getting ready for Cyber Essentials', clientKind: 'A 12-person engineering consultancy', summary: 'Reviewed devices, accounts and firewall settings against the scheme, fixed what fell short and helped the client through the self-assessment.' },
  ],
  'Cloud Services': [
    { title: 'Moving a small office to Microsoft 365', clientKind: 'An independent estate agent with two branches', summary: 'Moved email, shared drives and calendars from an old server over a weekend, set up multi-factor sign-in and showed staff the new way of working.' },
  ],
  'Data Recovery': [
    { title: 'Recovering photos from a failed drive', clientKind: 'A wedding photographer', summary: 'Imaged a clicking external drive, recovered the shoots on it and set up an automatic second copy so it cannot happen again.' },
  ],
  'IT Consulting': [
    { title: 'An IT plan for a growing practice', clientKind: 'A veterinary practice opening a second site', summary: 'Listed what the practice had, what it needed at the new site and what could wait, and wrote a plan the partners could budget for over two years.' },
  ],
  'Managed Service Providers': [
    { title: 'Day-to-day support for a busy office', clientKind: 'A 30-person solicitors’ firm', summary: 'Took over support from a previous provider, documented every device and account, and now patches, monitors and answers the helpdesk.' },
  ],
  'Hardware Repair': [
    { title: 'Laptops back in service for a school office', clientKind: 'A primary school', summary: 'Replaced failing batteries and drives in the office laptops, reinstalled them cleanly and returned them ready for the new term.' },
  ],
};

/** A case study's id, the same on every run: from the listing's slug and its place. */
const idOf = (slug: string, at: number) => createHash('sha1').update(`${slug}:case-study:${at}`).digest('base64url').slice(0, 12);

/** One listing's facts, from its own stream (its index in the seed). */
function factsOf(p: DemoProfessional, index: number) {
  const random = createRandom(0x34fac7 ^ (index * 2654435761));
  const joined = p.createdAt.getUTCFullYear();
  const foundedYear = Math.max(1985, joined - random.int(0, 20));
  const languages = ['English'];
  const isWelsh = p.region === 'Wales' || /wales|cardiff|swansea|newport/i.test(p.location);
  if (isWelsh && random.chance(0.6)) languages.push('Welsh');
  if (random.chance(0.2)) languages.push(random.pick(OTHER_LANGUAGES));
  const acceptingNewClients = !random.chance(0.15);
  const stories = p.services.flatMap((service) => STORIES[service] ?? []);
  const caseStudies: CaseStudy[] =
    stories.length > 0 && random.chance(0.35) ? random.sample(stories, Math.min(stories.length, random.int(1, 2))).map((story, at) => ({ id: idOf(p.slug, at), ...story, photos: [] })) : [];
  return { foundedYear, languages, acceptingNewClients, caseStudies };
}

export async function writeDemoProfileFacts({ client, data, professionalIds }: { client: pg.ClientBase; data: DemoData; professionalIds: Map<string, number> }): Promise<void> {
  for (const [index, p] of data.professionals.entries()) {
    const id = professionalIds.get(p.slug);
    if (id === undefined) continue;
    const facts = factsOf(p, index);
    await client.query('UPDATE professionals SET founded_year = $1, languages = $2, accepting_new_clients = $3, case_studies = $4 WHERE id = $5', [
      facts.foundedYear,
      facts.languages,
      facts.acceptingNewClients,
      JSON.stringify(facts.caseStudies),
      id,
    ]);
  }
}
