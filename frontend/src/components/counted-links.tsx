// A row of links to pages, each with how many professionals it has: 'Leeds (3)'. The
// service-and-place pages' nearby places and other services, and a service's places under the
// directory (issue 33).
import { Link } from 'react-router-dom';
import { outlineButtonClass } from './styles';

export interface CountedLink {
  label: string;
  path: string;
  count: number;
}

export function CountedLinks({ links }: { links: readonly CountedLink[] }) {
  return (
    <ul className="mt-3 flex flex-wrap gap-3">
      {links.map((link) => (
        <li key={link.path}>
          <Link to={link.path} className={`${outlineButtonClass} inline-block`}>
            {link.label}
            <span className="ml-1 font-normal text-gray-700">({link.count})</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
