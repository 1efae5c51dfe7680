import { Alert } from 'antd';
import { Component, type ReactNode } from 'react';
import { useAppDispatch } from '../../../app/hooks';
import { chartRenderingFailed } from '../state';

interface OwnProps {
  chartId: number;
  /** A new response resets the boundary (the new data may render). */
  resetKey: unknown;
  children: ReactNode;
}

interface DispatchProps {
  onFailed: (error: string, stackTrace: string | null) => void;
}

interface BoundaryState {
  error: Error | null;
  resetKey: unknown;
}

/** Records a chart component that throws as 'An error occurred while rendering the visualization: …'. */
class Boundary extends Component<OwnProps & DispatchProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: undefined };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: OwnProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: Error): void {
    this.props.onFailed(error.message, error.stack ?? null);
  }

  override render() {
    if (this.state.error !== null) {
      return (
        <Alert
          type="error"
          showIcon
          title={`An error occurred while rendering the visualization: ${this.state.error.message}`}
        />
      );
    }
    return this.props.children;
  }
}

/** The boundary with the store's dispatch (class components cannot use hooks themselves). */
export function ChartErrorBoundary(props: OwnProps) {
  const dispatch = useAppDispatch();
  return (
    <Boundary
      {...props}
      onFailed={(error, stackTrace) =>
        dispatch(chartRenderingFailed({ chartId: props.chartId, error, stackTrace }))
      }
    />
  );
}
