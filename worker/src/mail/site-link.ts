// Links into the site for e-mails: PUBLIC_URL (any trailing slash dropped) + a path.
export function siteLink(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${path}`;
}
