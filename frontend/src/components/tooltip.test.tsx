import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip';

describe('Tooltip on the server', () => {
  it('renders the trigger alone, named by its own label, with no tooltip or description to mismatch on hydration', () => {
    const html = renderToString(
      <TooltipProvider>
        <Tooltip label="Open menu">
          <button type="button" aria-label="Open menu">
            <svg aria-hidden="true" />
          </button>
        </Tooltip>
        <Tooltip label="What verified means" isExplanation>
          <button type="button">Verified</button>
        </Tooltip>
      </TooltipProvider>,
    );
    expect(html).toBe(
      '<button type="button" aria-label="Open menu" data-state="closed"><svg aria-hidden="true"></svg></button>' +
        '<button type="button" data-state="closed">Verified</button>',
    );
  });

  it('works outside the site provider (a component rendered alone), bringing its own', () => {
    const html = renderToString(
      <Tooltip label="Close map">
        <button type="button" aria-label="Close map" />
      </Tooltip>,
    );
    expect(html).toBe('<button type="button" aria-label="Close map" data-state="closed"></button>');
  });
});
