// The descriptions of the pages whose head the server writes from the page registry (core/pages.ts:
// title, description, canonical URL, Open Graph). Apart from the registry, which the SPA's entry
// chunk carries, because only the server writes them (docs/performance.md, the entry's budget).
import type { PageId } from './pages';

export const PAGE_DESCRIPTIONS: Partial<Record<PageId, string>> = {
  apply: 'List your IT business on ITConnect for £3 a month or £28 a year. No setup fees, no commission, cancel anytime.',
  locations: 'Find verified IT professionals across the United Kingdom by region: how many are listed, their average customer rating and the most popular services.',
  about: 'ITConnect connects businesses and households with trusted IT professionals across the United Kingdom. Free to search, one flat fee to list, no commission.',
  privacyPolicy: 'How ITConnect collects, uses and protects your personal data.',
  cookiePolicy: 'The cookies ITConnect uses and how to accept or decline non-essential cookies.',
  termsOfService: 'The terms that apply to using ITConnect and listing a business in the directory.',
  reviewPolicy: 'How reviews work on ITConnect: who can write one, what we publish, what Verified means and how we handle reports.',
  whatWeCheck: 'What each ITConnect badge means and what it does not: the checks our team makes of insurance, company registration, Cyber Essentials, ICO registration and certifications, and when they lapse.',
  contact: 'Questions or feedback? Get in touch with the ITConnect team.',
  getQuotes: 'Describe your IT job once and hear back from up to five matching UK professionals. Free, no account needed.',
};
