// Catches an error thrown while loading or rendering a page (most often: a page chunk that no
// longer exists after a deploy) and shows RouteError in its place, inside the layout, so the
// header and footer keep working. Navigating to another path (resetKey) clears the error. What it
// catches is reported (product rule 37): the error alone, never the component stack's props.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { reportError } from '../../api/error-reporting';
import { RouteError } from './route-error';

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  resetKey: string;
}

export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Page failed to render', error, info.componentStack);
    reportError(error, 'page');
  }

  override render(): ReactNode {
    if (this.state.error !== null) return <RouteError error={this.state.error} />;
    return this.props.children;
  }
}
