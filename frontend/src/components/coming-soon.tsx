// An honest stand-in for a page a later issue builds: its heading and one sentence, no fake data.
import { MessagePage } from './message-page';
import { useDocumentTitle } from './use-document-title';

interface ComingSoonProps {
  heading: string;
  /** The document title; defaults to the heading; null for the site's default title. */
  title?: string | null;
}

export function ComingSoon({ heading, title }: ComingSoonProps) {
  useDocumentTitle(title === null ? undefined : (title ?? heading));
  return <MessagePage heading={heading} message="This page is coming soon." />;
}
