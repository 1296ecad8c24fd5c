// The addresses search engines are given, defined once in core/sitemaps.ts for the API's heads and
// the worker's sitemaps (decision 0039).
export { profilePath, regionPath, siteOrigin } from '../../../../core/sitemaps';
