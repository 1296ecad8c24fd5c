// Layout for long-form static pages (About and the legal pages).
import type { ReactNode } from 'react';
import { displayHeadingClass } from './styles';
import { useDocumentTitle } from './use-document-title';

/** The legal pages' effective date (spec: 14 December 2024). */
export const LEGAL_EFFECTIVE_DATE = { iso: '2024-12-14', text: '14 December 2024' } as const;

interface StaticPageProps {
  /** The document title (without the site name). */
  title: string;
  heading: string;
  /** Show the legal pages' effective date under the heading. */
  showEffectiveDate?: boolean;
  lead?: ReactNode;
  children: ReactNode;
}

export function StaticPage({ title, heading, showEffectiveDate = false, lead, children }: StaticPageProps) {
  useDocumentTitle(title);
  return (
    <div className="px-4 py-12 sm:px-6 lg:px-8">
      <article className="prose-page mx-auto">
        <header className="mb-8 border-b border-gray-200 pb-6">
          <h1 className={`${displayHeadingClass} sm:text-4xl`}>{heading}</h1>
          {showEffectiveDate ? (
            <p className="mt-3 text-sm text-gray-600">
              Effective date: <time dateTime={LEGAL_EFFECTIVE_DATE.iso}>{LEGAL_EFFECTIVE_DATE.text}</time>
            </p>
          ) : null}
          {lead ? <div className="mt-4 text-lg text-gray-700">{lead}</div> : null}
        </header>
        {children}
      </article>
    </div>
  );
}
