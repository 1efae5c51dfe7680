import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkLoadError } from '../shared/lazy/chunk-load-error';
import { ChunkLoadFailed } from './ChunkLoadFailed';
import { UnexpectedError } from './UnexpectedError';

interface ErrorBoundaryState {
  error: unknown;
  hasError: boolean;
}

/**
 * Catches render errors and shows 'Unexpected error'; a screen whose code could not be downloaded gets a
 * retry instead, which downloads it again in place.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unexpected error', error, info.componentStack);
  }

  private readonly retry = (): void => {
    if (this.state.error instanceof ChunkLoadError) this.state.error.retry();
    this.setState({ error: undefined, hasError: false });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    if (this.state.error instanceof ChunkLoadError) return <ChunkLoadFailed onRetry={this.retry} />;
    return <UnexpectedError error={this.state.error} />;
  }
}
