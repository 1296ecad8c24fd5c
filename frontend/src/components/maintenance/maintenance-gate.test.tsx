import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter, matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES } from '../../../../core/admin';
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

  it('is the only page in maintenance, apart from sign-in', () => {
    const pageAt = (path: string) => matchRoutes(gateRoutes, path)?.at(-1)?.route.path;
    expect(pageAt('/login')).toBe('/login');
    for (const path of ['/', '/professionals', '/admin', '/register']) expect(pageAt(path)).toBe('*');
  });
});
