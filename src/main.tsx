import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { App } from './App';
import { API_URL } from './config';
import { createAuthProvider, createDataProvider, serverLogin } from './providers';

/** `VITE_FAKE_API=1` swaps in the in-memory league; loaded on demand so normal builds never ship it. */
async function providers() {
  // Tested here, in this module, so the bundler drops the fake league's chunk from normal builds.
  if (import.meta.env.VITE_FAKE_API !== '1') return { dataProvider: createDataProvider(API_URL), authProvider: createAuthProvider(serverLogin(API_URL)) };
  const { createFakeDataProvider, fakeLogin } = await import('./providers/fakeDataProvider');
  return { dataProvider: createFakeDataProvider(), authProvider: createAuthProvider(fakeLogin) };
}

// A data router (not react-admin's default hash router) gives the spec's plain paths and lets
// forms warn about unsaved changes.
const { dataProvider, authProvider } = await providers();
const router = createBrowserRouter([{ path: '*', element: <App dataProvider={dataProvider} authProvider={authProvider} /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
