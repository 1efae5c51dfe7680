import { Button } from 'antd';
import { Provider } from 'react-redux';
import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { PageLoading } from '../shared/ui/PageLoading';
import { ToastContainer } from '../shared/toasts/ToastContainer';
import { loadBootstrap } from './bootstrap';
import { ErrorBoundary } from './ErrorBoundary';
import { useAppDispatch, useAppSelector } from './hooks';
import { appRoutes } from './routes';
import { StatusPage } from './StatusPage';
import type { AppStore } from './store';
import { ThemeProvider } from './theme/ThemeProvider';

/**
 * The app's routes in a data router, made once per mounted app (after the session is known). A data
 * router, unlike BrowserRouter, can block navigation, including Back/Forward (`useBlocker`).
 */
function AppRouter() {
  const [router] = useState(() => createBrowserRouter(appRoutes));
  return <RouterProvider router={router} />;
}

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
  return <AppRouter />;
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
