// Shown in place of a page that failed to load or render (most often: a page chunk that no longer
// exists after a deploy). Header and footer stay usable.
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../use-document-title';
import { linkClass, pageWidthClass, primaryButtonClass } from '../styles';

export function RouteError({ error }: { error: unknown }) {
  useDocumentTitle('Something went wrong');
  const detail = error instanceof Error ? error.message : undefined;
  return (
    <div className={`${pageWidthClass} py-16`}>
      <h1 className="text-3xl font-bold text-gray-900">Something went wrong</h1>
      <p className="mt-4 text-gray-700">This page could not be shown. Please reload the page or try again later.</p>
      {detail ? <p className="mt-2 text-sm text-gray-600">{detail}</p> : null}
      <div className="mt-6 flex gap-4">
        <button
          type="button"
          onClick={() => window.location.reload()}
          className={primaryButtonClass}
        >
          Reload the page
        </button>
        <Link to="/" className={`${linkClass} px-2 py-2 text-sm`}>
          Go to the home page
        </Link>
      </div>
    </div>
  );
}
