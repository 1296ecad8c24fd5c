// The head of each public page, from its path and query: the home page, the directory (titles
// that follow the filters), each live profile (with JSON-LD; 404 for an unknown or hidden one,
// a redirect for an all-digit id), /locations and the static pages. Other paths keep the
// template's default head (null).
import { isStorableText } from '../../../../core/text';
import type { PrismaClient } from '../../../../prisma/db';
import type { AnswerCache } from '../directory/answer-cache';
import { directoryPageText } from './directory-title';
import { summarise } from './escape';
import { LIVE_PROFESSIONAL, profilePath, siteOrigin } from './live-professional';
import { DEFAULT_DESCRIPTION, DEFAULT_TITLE, fullTitle, type PageMeta } from './page-meta';
import { professionalJsonLd, type SeoProfessional } from './professional-json-ld';

export interface ResolvePageMetaDeps {
  prisma: PrismaClient;
  publicUrl: string;
  /** Profiles read for page heads are kept with the directory's answers, until the data changes. */
  answers: Pick<AnswerCache, 'value'>;
}

export interface PageRequest {
  path: string;
  query: Record<string, string | string[] | undefined>;
  /** The raw query string ('' or 'near=M1'), kept on a redirect. */
  querystring: string;
}

const STATIC_PAGES: Record<string, { title: string; description: string }> = {
  '/about': {
    title: 'About Us',
    description:
      'ITConnect connects businesses and households with trusted IT professionals across the United Kingdom. Free to search, one flat fee to list, no commission.',
  },
  '/locations': {
    title: 'IT professionals by location',
    description:
      'Find verified IT professionals across the United Kingdom by region: how many are listed, their average customer rating and the most popular services.',
  },
  '/privacy-policy': { title: 'Privacy Policy', description: 'How ITConnect collects, uses and protects your personal data.' },
  '/cookie-policy': { title: 'Cookie Policy', description: 'The cookies ITConnect uses and how to accept or decline non-essential cookies.' },
  '/terms-of-service': { title: 'Terms of Service', description: 'The terms that apply to using ITConnect and listing a business in the directory.' },
  '/contact': { title: 'Contact', description: 'Questions or feedback? Get in touch with the ITConnect team.' },
  '/apply': {
    title: 'Join as a professional',
    description: 'List your IT business on ITConnect for £3 a month or £28 a year. No setup fees, no commission, cancel anytime.',
  },
};

const PROFILE_PATH = /^\/professionals\/([^/]+)\/?$/;

const SEO_SELECT = {
  id: true,
  slug: true,
  companyName: true,
  description: true,
  email: true,
  phone: true,
  website: true,
  services: true,
  location: true,
  region: true,
  postcode: true,
  lat: true,
  lng: true,
  ratePence: true,
  rateType: true,
  rating: true,
  reviewCount: true,
  linkedin: true,
  github: true,
  facebook: true,
  instagram: true,
  twitter: true,
  trustpilot: true,
  updatedAt: true,
} as const;

function findLiveProfessional({ prisma, answers }: ResolvePageMetaDeps, param: string): Promise<SeoProfessional | null> {
  return answers.value(`seo-profile/${param}`, () => readLiveProfessional(prisma, param), (p) => (p ? JSON.stringify(p).length * 2 : 0));
}

async function readLiveProfessional(prisma: PrismaClient, param: string): Promise<SeoProfessional | null> {
  const isId = /^\d+$/.test(param);
  if (isId && Number(param) > 2_147_483_647) return null;
  const where = isId ? { id: Number(param), ...LIVE_PROFESSIONAL } : { slug: param, ...LIVE_PROFESSIONAL };
  const row = await prisma.professional.findFirst({ where, select: SEO_SELECT });
  if (!row) return null;
  return { ...row, rating: Number(row.rating) };
}

function decodeParam(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

async function profileMeta(deps: ResolvePageMetaDeps, origin: string, raw: string, request: PageRequest): Promise<PageMeta> {
  const param = decodeParam(raw);
  const professional = param === null || !isStorableText(param) ? null : await findLiveProfessional(deps, param);
  if (!professional) {
    return {
      status: 404,
      title: fullTitle('Professional Not Found'),
      description: "The professional you're looking for doesn't exist or has been removed.",
      robots: 'noindex, follow',
      ogType: 'website',
    };
  }
  const path = profilePath(professional.slug);
  if (param !== professional.slug) {
    return {
      status: 301,
      title: fullTitle(),
      description: DEFAULT_DESCRIPTION,
      ogType: 'website',
      redirectTo: request.querystring ? `${path}?${request.querystring}` : path,
    };
  }
  const url = `${origin}${path}`;
  const description = summarise(professional.description) || `${professional.companyName}, IT services in ${professional.region}.`;
  return {
    status: 200,
    title: fullTitle(`${professional.companyName} – IT services in ${professional.region}`),
    description,
    canonicalUrl: url,
    ogType: 'profile',
    jsonLd: professionalJsonLd(professional, url, description),
  };
}

export async function resolvePageMeta(deps: ResolvePageMetaDeps, request: PageRequest): Promise<PageMeta | null> {
  const origin = siteOrigin(deps.publicUrl);
  const { path } = request;

  if (path === '/' || path === '/index.html') {
    return { status: 200, title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonicalUrl: `${origin}/`, ogType: 'website' };
  }
  if (path === '/professionals' || path === '/professionals/') {
    const text = directoryPageText(request.query);
    return {
      status: 200,
      title: fullTitle(text.title),
      description: text.description,
      canonicalUrl: `${origin}${text.canonicalPath}`,
      ...(text.isIndexable ? {} : { robots: 'noindex, follow' }),
      ogType: 'website',
    };
  }
  const profile = PROFILE_PATH.exec(path);
  if (profile) return profileMeta(deps, origin, profile[1]!, request);

  const page = STATIC_PAGES[path];
  if (page) {
    return { status: 200, title: fullTitle(page.title), description: page.description, canonicalUrl: `${origin}${path}`, ogType: 'website' };
  }
  return null;
}
