// A page that is only a heading, one sentence and the way home: a page still to be built, or one
// this visitor may not use. Honest text, no fake data.
import { Link } from 'react-router-dom';
import { displayHeadingClass, linkClass, pageWidthClass } from './styles';

/** `link` replaces the way home with the one place that helps (e.g. My Profile). */
export function MessagePage({ heading, message, link = { to: '/', label: 'Back to the home page' } }: { heading: string; message: string; link?: { to: string; label: string } }) {
  return (
    <div className={`${pageWidthClass} py-16`}>
      <h1 className={displayHeadingClass}>{heading}</h1>
      <p className="mt-4 text-gray-700">{message}</p>
      <p className="mt-6">
        <Link to={link.to} className={linkClass}>
          {link.label}
        </Link>
      </p>
    </div>
  );
}
