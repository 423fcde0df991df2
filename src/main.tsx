import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router/dom';
import { PersistGate } from 'redux-persist/integration/react';
import { connectHttpClient } from './app/http-wiring';
import { PageSpinner } from './app/layouts/page-spinner';
import { createAppRouter, startUpdateChecks } from './app/router';
import { persistor, store } from './app/store';

// 401 → window.location.assign('/login?next=…'); 403/404 → errorRaised({ …, fatal: true }) and the error page.
connectHttpClient(store);

persistor.persist();
const router = createAppRouter(store);
if (import.meta.env.PROD) startUpdateChecks(router, store);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate loading={<PageSpinner label="Loading…" fullPage />} persistor={persistor}>
        <RouterProvider router={router} />
      </PersistGate>
    </Provider>
  </StrictMode>,
);
