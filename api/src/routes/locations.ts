// GET /api/locations: RegionSummary[] (live professionals by region, true mean rating; product
// rule 5), the answer the server also renders /locations with (domain/directory/directory-answers.ts).
// GET /api/service-places/{service}/{place}: the facts of a service-and-place page (issue 33,
// decision 0038), counted from the live listings of that directory search; 404 when the slugs name
// no service or place, or the search has no live listing (there is then no page).
// GET /api/service-places/{service}: the places with live listings of a service, each a page (the
// directory searched by that service links to them); 404 when the slug names no service.
import type Router from '@koa/router';
import { SUMMARY_PATHS } from '../../../core/api-paths';
import { readService, readServicePlace } from '../../../core/service-places';
import { AppError } from '../domain/app-error';
import { sendAnswer } from './send-answer';
import type { AppDeps } from '../deps';
import { createRouter } from './create-router';

export const NO_SERVICE_PLACE = 'No live professional offers this service in this place';
export const NO_SUCH_SERVICE = 'There is no such service';

export function locationsRouter({ access, directoryAnswers }: Pick<AppDeps, 'access' | 'directoryAnswers'>): Router {
  const router = createRouter();
  router.get(SUMMARY_PATHS.locations, access.public, async (ctx) => {
    sendAnswer(ctx, await directoryAnswers.locations());
  });
  router.get(SUMMARY_PATHS.servicePlace, access.public, async (ctx) => {
    const servicePlace = readServicePlace(ctx.params.service ?? '', ctx.params.place ?? '');
    const answer = servicePlace && (await directoryAnswers.servicePlace(servicePlace));
    if (!answer) throw new AppError('not_found', NO_SERVICE_PLACE);
    sendAnswer(ctx, answer);
  });
  router.get(SUMMARY_PATHS.servicePlaces, access.public, async (ctx) => {
    const service = readService(ctx.params.service ?? '');
    if (!service) throw new AppError('not_found', NO_SUCH_SERVICE);
    sendAnswer(ctx, await directoryAnswers.servicePlaces(service));
  });
  return router;
}
