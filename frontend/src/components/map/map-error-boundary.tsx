// The map is an extra view of the results: if it fails (its chunk can't load, Leaflet throws), say so
// in its place and leave the list, which holds every result, working. 'Try again' renders the map
// afresh (a chunk that failed for a moment loads then). What it catches is reported (product rule 37).
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../api/error-reporting';
import { secondaryButtonClass } from '../styles';

interface State {
  failed: boolean;
}

export const MAP_FAILED_MESSAGE = 'The map could not be shown. Every result is in the list.';

export class MapErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Map failed to render', error, info.componentStack);
    reportError(error, 'map');
  }

  private readonly retry = (): void => this.setState({ failed: false });

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3 bg-gray-50 p-6 text-center text-sm text-gray-700">
        <p role="status">{MAP_FAILED_MESSAGE}</p>
        <button type="button" className={secondaryButtonClass} onClick={this.retry}>
          Try again
        </button>
      </div>
    );
  }
}
