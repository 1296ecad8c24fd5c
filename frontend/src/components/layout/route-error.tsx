// Shown in place of a page that failed to load or render (most often: a page chunk that no longer
// exists after a deploy). Header and footer stay usable.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../use-document-title';

export function RouteError({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold text-gray-900">Something went wrong</h1>
      <p className="mt-4 text-gray-700">This page could not be shown. Please reload the page or try again later.</p>
      {detail ? <p className="mt-2 text-sm text-gray-600">{detail}</p> : null}
      <div className="mt-6 flex gap-4">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className="rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800"
        >
          Reload the page
        </button>
        <Link to="/" className="px-2 py-2 text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900">
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
