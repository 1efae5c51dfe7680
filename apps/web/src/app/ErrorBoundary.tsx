import { Component, type ErrorInfo, type ReactNode } from 'react';
import { UnexpectedError } from './UnexpectedError';

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors outside the router (providers, the shell) and shows 'Unexpected error'. */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.hasError ? <UnexpectedError error={this.state.error} /> : this.props.children;
  }
}
