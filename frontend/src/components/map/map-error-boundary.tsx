// The map is an extra view of the results: if it fails (its chunk can't load, Leaflet throws), say so
// in its place and leave the list, which holds every result, working.
import { Component, type ErrorInfo, type ReactNode } from 'react';

interface State {
  failed: boolean;
}

export class MapErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Map failed to render', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="status" className="flex h-full items-center justify-center bg-gray-50 p-6 text-center text-sm text-gray-700">
        The map could not be shown. Every result is in the list.
      </div>
    );
  }
}
