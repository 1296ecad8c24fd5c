// A filter's control comes from its table entry: the directory's form renders one for each enum or
// yes/no filter the shared search form has none for, named as the address's parameter so a form
// sent before the scripts have run asks for the same page. A test-only entry stands in for the
// filters issue 31 has in view.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { booleanParam, DIRECTORY_PARAMS, enumParam } from '../../../../core/directory-params';
import { ParamControl } from './param-control';
import { controlFilters, controlValues, tableControls } from './param-select';

const TABLE = {
  ...DIRECTORY_PARAMS,
  workMode: enumParam({
    values: ['on_site', 'remote'],
    order: 75,
    labels: { on_site: 'On site', remote: 'Remote' },
    control: { label: 'Work mode', anyLabel: 'On site or remote' },
  }),
  isVerified: booleanParam({ order: 85, label: 'Verified only', chipLabel: 'Verified' }),
};

describe('the controls built from the table', () => {
  it('are the enum and yes/no filters the shared form has no control for (work mode in the directory)', () => {
    const issue34 = ['teamSize', 'insured', 'cyberEssentials', 'companyRegistered', 'acceptingNewClients'];
    expect(tableControls(TABLE).map(([name]) => name)).toEqual(['workMode', ...issue34, 'isVerified']);
    expect(tableControls(DIRECTORY_PARAMS).map(([name]) => name)).toEqual(['workMode', ...issue34]);
  });

  it('carry the filters into the form and back', () => {
    const controls = tableControls({ workMode: TABLE.workMode, isVerified: TABLE.isVerified });
    expect(controlValues(controls, { workMode: 'remote' })).toEqual({ workMode: 'remote', isVerified: '' });
    expect(controlFilters(controls, { workMode: 'on_site', isVerified: 'true' })).toEqual({ workMode: 'on_site', isVerified: true });
    expect(controlFilters(controls, { workMode: '', isVerified: '' })).toEqual({ workMode: undefined, isVerified: undefined });
  });

  it('render an enum filter as a named select of its options', () => {
    const html = renderToStaticMarkup(<ParamControl id="f-workMode" name="workMode" page={TABLE.workMode.page} value="remote" onChange={() => {}} />);
    expect(html).toContain('<label for="f-workMode" class="mb-1 block text-sm font-medium text-gray-800">Work mode</label>');
    expect(html).toMatch(/<select id="f-workMode" name="workMode"/);
    expect(html).toContain('<option value="">On site or remote</option><option value="on_site">On site</option><option value="remote" selected="">Remote</option>');
  });

  it('render a yes/no filter as a named checkbox sending true', () => {
    const html = renderToStaticMarkup(<ParamControl id="f-v" name="isVerified" page={TABLE.isVerified.page} value="true" onChange={() => {}} />);
    const input = /<input [^>]*>/.exec(html)?.[0] ?? '';
    for (const attribute of ['type="checkbox"', 'name="isVerified"', 'value="true"', 'checked=""']) expect(input).toContain(attribute);
    expect(html).toContain('Verified only</label>');
    const off = renderToStaticMarkup(<ParamControl id="f-v" name="isVerified" page={TABLE.isVerified.page} value="" onChange={() => {}} />);
    expect(off).not.toContain('checked');
  });

  it("offer the address's own value when it is not a choice (the rating)", () => {
    const html = renderToStaticMarkup(
      <ParamControl id="r" name="minRating" page={DIRECTORY_PARAMS.minRating.page} value="3" onChange={() => {}} initialValue={3} />,
    );
    expect(html).toContain('<option value="">Any rating</option><option value="3" selected="">3+ stars</option><option value="4">4+ stars</option>');
  });
});
