import { Component, type ReactNode } from 'react';
import { NotFoundPage } from './NotFoundPage.tsx';

interface State {
  failed: boolean;
}

/** A page that throws (a missing form, a chunk that failed to load) shows the error page, not a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('The page failed to load', error);
  }

  override render() {
    return this.state.failed ? <NotFoundPage /> : this.props.children;
  }
}
