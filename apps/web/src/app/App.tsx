import { Button } from 'antd';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { PageLoading } from '../shared/ui/PageLoading';
import { ToastContainer } from '../shared/toasts/ToastContainer';
import { loadBootstrap } from './bootstrap';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppDispatch, useAppSelector } from './hooks';
import { AppRoutes } from './routes';
import { StatusPage } from './StatusPage';
import type { AppStore } from './store';
import { ThemeProvider } from './theme/ThemeProvider';

/** Waits for the bootstrap payload (only fetched when index.html did not carry it), then routes. */
function SessionGate() {
  const status = useAppSelector((state) => state.session.status);
  const error = useAppSelector((state) => state.session.error);
  const dispatch = useAppDispatch();
  if (status === 'loading') return <PageLoading fullScreen />;
  if (status === 'failed') {
    return (
      <StatusPage
        data-test="bootstrap-failed"
        kind="warning"
        title="Tessera could not start"
        detail={error ?? 'The server did not answer.'}
        action={
          <Button data-test="bootstrap-retry" type="primary" onClick={() => void loadBootstrap(dispatch)}>
            Try again
          </Button>
        }
      />
    );
  }
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ThemeProvider>
        <ErrorBoundary>
          <SessionGate />
          <ToastContainer />
        </ErrorBoundary>
      </ThemeProvider>
    </Provider>
  );
}
