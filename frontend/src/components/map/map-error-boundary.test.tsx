// The map's failure state: its message and 'Try again', which renders the map afresh.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { MAP_FAILED_MESSAGE, MapErrorBoundary } from './map-error-boundary';

function failedBoundary() {
  const boundary = new MapErrorBoundary({ children: <p>the map</p> });
  boundary.state = MapErrorBoundary.getDerivedStateFromError();
  return boundary;
}

describe('MapErrorBoundary', () => {
  it('shows the children until the map fails, then the message and Try again', () => {
    const boundary = new MapErrorBoundary({ children: <p>the map</p> });
    expect(renderToStaticMarkup(<>{boundary.render()}</>)).toBe('<p>the map</p>');
    const html = renderToStaticMarkup(<>{failedBoundary().render()}</>);
    expect(html).toContain(`<p role="status">${MAP_FAILED_MESSAGE}</p>`);
    expect(html).toMatch(/<button type="button"[^>]*>Try again<\/button>/);
  });

  it('Try again clears the failure', () => {
    const boundary = failedBoundary();
    const setState = vi.spyOn(boundary, 'setState').mockImplementation(() => undefined);
    const button = boundary.render() as { props: { children: { props: { onClick?: () => void } }[] } };
    button.props.children[1]!.props.onClick!();
    expect(setState).toHaveBeenCalledWith({ failed: false });
  });
});
