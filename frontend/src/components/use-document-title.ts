import { useEffect } from 'react';

export const SITE_NAME = 'ITConnect';
/** Also the static <title> in index.html. */
export const DEFAULT_TITLE = 'ITConnect – Find trusted IT professionals in the UK';

/** 'About Us' → 'About Us | ITConnect'; no page title → the site's default title. */
export function pageTitle(title?: string): string {
  return title ? `${title} | ${SITE_NAME}` : DEFAULT_TITLE;
}

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
