import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES } from '../../../../core/admin';
import type { CurrentUser } from '../../../../core/auth';
import { CURRENT_USER_KEY } from '../../api/use-current-user';
import { SITE_CONFIG_KEY } from '../../api/use-site-config';
import { gateRoutes } from '../../routes';
import { stripTags, textOf } from '../../testing/render-page';
import { MaintenanceGate } from './maintenance-gate';

function renderGate(path: string): string {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[path]}>
      <MaintenanceGate />
    </MemoryRouter>,
  );
}

/** The gate's text for a signed-in user, where admins need two-step verification (product rule 35) or not. */
function gateTextFor(user: Partial<CurrentUser>, adminTwoStepRequired: boolean): string {
  const fallback = {
    [CURRENT_USER_KEY]: { id: 7, email: 'someone@example.com', name: 'Sam Admin', role: 'admin', twoStepEnabled: false, ...user },
    [SITE_CONFIG_KEY]: { adminTwoStepRequired },
  };
  return stripTags(
    renderToStaticMarkup(
      <SWRConfig value={{ fallback, provider: () => new Map() }}>
        <MemoryRouter initialEntries={['/']}>
          <MaintenanceGate />
        </MemoryRouter>
      </SWRConfig>,
    ),
  );
}

describe('the maintenance gate', () => {
  it("reads 'We'll be with you soon' with one required, labelled password field and 'Proceed'", () => {
    const html = renderGate('/');
    expect(textOf(html, 'h1')).toEqual([MAINTENANCE_MESSAGES.gateTitle]);
    const inputs = html.match(/<input[^>]*>/g) ?? [];
    expect(inputs).toHaveLength(1);
    expect(inputs[0]).toMatch(/type="password"/);
    expect(inputs[0]).toMatch(/required=""/);
    const id = /id="([^"]+)"/.exec(inputs[0]!)?.[1];
    expect(html).toContain(`<label for="${id}"`);
    expect(textOf(html, 'label')).toEqual(['Access code']);
    expect(textOf(html, 'button')).toEqual(['Proceed']);
  });

  it('lets an administrator reach the sign-in page, returning to the address they asked for', () => {
    const text = stripTags(renderGate('/professionals?service=Web%20Design'));
    expect(text).toContain('Administrator? Sign in');
    expect(renderGate('/professionals?service=Web%20Design')).toContain('href="/login?next=%2Fprofessionals%3Fservice%3DWeb%2520Design"');
  });

  it('tells an admin it keeps out that two-step verification is needed, and how to get in to turn it on', () => {
    const hint = 'Administrators need two-step verification on to use the site during maintenance';
    const refused = gateTextFor({ twoStepEnabled: false }, true);
    expect(refused).toContain(`Signed in as Sam Admin. ${hint}: enter the access code above`);
    expect(refused).toContain('turn it on in Account settings on My Profile.');
    // Not for an admin the server lets through (the layout's probe lifts the gate), nor for anyone else.
    expect(gateTextFor({ twoStepEnabled: true }, true)).not.toContain(hint);
    expect(gateTextFor({ twoStepEnabled: false }, false)).not.toContain(hint);
    const customer = gateTextFor({ role: 'customer', name: 'Cat Customer' }, true);
    expect(customer).toContain('Signed in as Cat Customer. Only administrators can use the site during maintenance.');
    expect(customer).not.toContain(hint);
  });

  it('is the only page in maintenance, apart from sign-in', () => {
    const pageAt = (path: string) => matchRoutes(gateRoutes, path)?.at(-1)?.route.path;
    expect(pageAt('/login')).toBe('/login');
    for (const path of ['/', '/professionals', '/admin', '/register']) expect(pageAt(path)).toBe('*');
  });
});
