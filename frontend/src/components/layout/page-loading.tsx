import { pageWidthClass } from '../styles';

/**
 * Shown in the main area while a page's code loads (first visit only; later navigations keep the
 * old page until the new one is ready). A screen tall, so the footer stays out of view until the
 * page replaces it: a footer pushed down by the page would be a layout shift (CLS budget).
 */
export function PageLoading() {
  return (
    <div className={`${pageWidthClass} min-h-screen py-16`} role="status">
      <span className="sr-only">Loading…</span>
      <div aria-hidden="true" className="h-8 w-64 animate-pulse rounded bg-gray-200" />
      <div aria-hidden="true" className="mt-6 h-4 w-full max-w-xl animate-pulse rounded bg-gray-200" />
      <div aria-hidden="true" className="mt-3 h-4 w-full max-w-lg animate-pulse rounded bg-gray-200" />
    </div>
  );
}
