// An honest stand-in for a page a later issue builds: its heading and one sentence, no fake data.
import { Link } from 'react-router-dom';
import { displayHeadingClass, linkClass, pageWidthClass } from './styles';
import { useDocumentTitle } from './use-document-title';

interface ComingSoonProps {
  heading: string;
  /** The document title; defaults to the heading; null for the site's default title. */
  title?: string | null;
}

export function ComingSoon({ heading, title }: ComingSoonProps) {
  useDocumentTitle(title === null ? undefined : (title ?? heading));
  return (
    <div className={`${pageWidthClass} py-16`}>
      <h1 className={displayHeadingClass}>{heading}</h1>
      <p className="mt-4 text-gray-700">This page is coming soon.</p>
      <p className="mt-6">
        <Link to="/" className={linkClass}>
          Back to the home page
        </Link>
      </p>
    </div>
  );
}
