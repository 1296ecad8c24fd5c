// The browser tab's title: 'Page | ITConnect', by the rule the server's page heads use (core/pages.ts).
import { useEffect } from 'react';
import { pageTitle } from '../../../core/pages';

export { pageTitle } from '../../../core/pages';

export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
