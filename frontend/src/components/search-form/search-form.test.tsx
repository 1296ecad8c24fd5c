import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { stripTags } from '../../testing/render-page';
import { SearchForm, type SearchFormLayout } from './search-form';

function render(layout: SearchFormLayout, initialValues = {}): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <SearchForm layout={layout} initialValues={initialValues} />
    </MemoryRouter>,
  );
}

describe('SearchForm', () => {
  it('full: searchable service and location pickers, rating, price slider and Search', () => {
    const html = render('full');
    expect(html).toContain('placeholder="Search services..."');
    expect(html).toContain('placeholder="Search locations..."');
    expect(html.match(/role="combobox"/g)).toHaveLength(2);
    expect(html).toContain('5 stars only');
    expect(html.match(/type="range"/g)).toHaveLength(2);
    expect(html).toContain('step="10"');
    expect(stripTags(html)).toContain('Search');
    expect(stripTags(html)).toContain('Any price');
  });

  it('full: shows a price range and a minimum rating from the address that the controls cannot reach', () => {
    const html = render('full', { maxHourlyRate: 200, minRating: 3 });
    expect(stripTags(html)).toContain('Up to £200/hour');
    expect(html).toMatch(/<option value="3" selected="">3\+ stars<\/option>/);
  });

  it('compact: service, location and Search Professionals only', () => {
    const html = render('compact');
    expect(html.match(/role="combobox"/g)).toHaveLength(2);
    expect(html).not.toContain('type="range"');
    expect(html).not.toContain('Any rating');
    expect(stripTags(html)).toContain('Search Professionals');
  });

  it('vertical: plain dropdowns with the price choices', () => {
    const html = render('vertical', { service: 'DevOps', maxHourlyRate: 200 });
    expect(html).not.toContain('role="combobox"');
    expect(html.match(/<select/g)).toHaveLength(4);
    expect(html).toContain('<optgroup label="Cities">');
    expect(html).toContain('&gt;£100');
    expect(html).toMatch(/<option value="DevOps" selected="">/);
    expect(html).toMatch(/<option value="200" selected="">/);
  });

  it('shows the initial values in the pickers', () => {
    const html = render('compact', { service: 'Web Design', location: 'Leeds' });
    expect(html).toContain('value="Web Design"');
    expect(html).toContain('value="Leeds"');
  });
});
