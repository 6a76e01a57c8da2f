import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { lazy, StrictMode, Suspense, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { API_URL } from './config';
import { LoginPage } from './layout/LoginPage';
import { lightTheme } from './layout/theme';
import { PrivacyPolicy } from './pages/PrivacyPolicy';
import { createAuthProvider, serverLogin, serverLogout, serverProfile, serverSecondStep, type Credentials, type SecondStep } from './providers/authProvider';
import { passkeySignIn } from './providers/passkeys';

/**
 * `VITE_FAKE_API=1` swaps in the in-memory league. Tested here, in this module, so the bundler drops
 * the fake league's chunk from normal builds.
 */
const FAKE_API = import.meta.env.VITE_FAKE_API === '1';

/** The in-memory league, made once (its sign-ins and calls share one activity log); none in a normal build. */
const fakeLeague = FAKE_API ? import('./providers/fakeDataProvider').then(({ createFakeDataProvider }) => createFakeDataProvider()) : undefined;

/** The sign-in call: the API's, or the in-memory league's. */
async function loginRequest() {
  if (!FAKE_API) return serverLogin(API_URL);
  return (await fakeLeague!).signIn;
}

/** The auth provider over the sign-in call; the second step (a second factor) is always the API's: the fake league has none. */
// The in-memory league's session keeps the role it signed in with; the API's is refreshed from the profile.
const authProviderOf = async () =>
  createAuthProvider(await loginRequest(), {
    secondStep: serverSecondStep(API_URL),
    logoutRequest: FAKE_API ? undefined : serverLogout(API_URL),
    profile: FAKE_API ? undefined : serverProfile(API_URL),
  });

async function providers() {
  const authProvider = await authProviderOf();
  if (!FAKE_API) {
    const { createDataProvider } = await import('./providers/dataProvider');
    return { dataProvider: createDataProvider(API_URL), authProvider };
  }
  return { dataProvider: await fakeLeague!, authProvider };
}

const signIn = async (params: Credentials | SecondStep) => (await authProviderOf()).login(params);

const loadAdminApp = () => Promise.all([import('./App'), providers()]);

/** The two pages that stand outside the admin app (see the router below). */
const PUBLIC_PATHS = ['/login', '/privacy-policy'];

/**
 * Any other page needs the admin app: its download starts now, while React is still starting,
 * instead of after the first render asks for it (one round trip less before a signed-in page shows).
 */
const adminAppOnStart = PUBLIC_PATHS.includes(window.location.pathname) ? undefined : loadAdminApp();

/** The admin app (react-admin and every screen), loaded once a page needs it: the sign-in page does not. */
const AdminApp = lazy(async () => {
  const [{ App }, { dataProvider, authProvider }] = await (adminAppOnStart ?? loadAdminApp());
  return { default: () => <App dataProvider={dataProvider} authProvider={authProvider} /> };
});

const publicTheme = createTheme(lightTheme);
const publicPage = (page: ReactNode) => (
  <ThemeProvider theme={publicTheme}>
    <CssBaseline />
    {page}
  </ThemeProvider>
);

// A data router (not react-admin's default hash router) gives plain paths (/videos/1) and lets
// forms warn about unsaved changes. The two public pages stand outside the admin app.
const router = createBrowserRouter([
  { path: '/login', element: publicPage(<LoginPage login={signIn} passkeySignIn={FAKE_API ? undefined : (params) => passkeySignIn(API_URL, params)} />) },
  { path: '/privacy-policy', element: publicPage(<PrivacyPolicy />) },
  {
    path: '*',
    element: (
      <Suspense fallback={null}>
        <AdminApp />
      </Suspense>
    ),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
