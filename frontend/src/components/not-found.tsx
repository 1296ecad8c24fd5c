// The 404 page's content: the page for any address no page has (pages/not-found), and a page
// whose address names nothing that exists (a service in a place with no listing).
import { Link } from 'react-router-dom';
import { PAGES } from '../../../core/pages';
import { useDocumentTitle } from './use-document-title';
import {
  displayHeadingClass,
  largePrimaryButtonClass,
  largeSecondaryButtonClass,
  pageWidthClass,
} from './styles';

export function NotFoundPage() {
  useDocumentTitle(PAGES.notFound.title);
  return (
    <div className={`${pageWidthClass} flex flex-col items-center py-24 text-center`}>
      <h1 className={displayHeadingClass}>404 Page Not Found</h1>
      <p className="mt-4 text-gray-700">The page you're looking for doesn't exist or has moved.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <Link to="/" className={largePrimaryButtonClass}>
          Go to the home page
        </Link>
        <Link
          to="/professionals"
          className={largeSecondaryButtonClass}
        >
          Browse Professionals
        </Link>
      </div>
    </div>
  );
}
