import {
  Admin,
  CustomRoutes,
  Resource,
  ResourceContextProvider,
  type AuthProvider,
  type DataProvider,
  type Store,
} from 'react-admin';
import { useMemo } from 'react';
import { Navigate, Route } from 'react-router-dom';
import { i18nProvider } from './i18n';
import { accessQueryClient, type AccessNow } from './providers/accessQueryClient';
import { Layout, Toasts } from './layout/Layout';
import { LoginPage } from './layout/LoginPage';
import { darkTheme, lightTheme } from './layout/theme';
import { AccessDenied } from './pages/AccessDenied';
import { Dashboard } from './pages/Dashboard';
import { NotFound } from './pages/NotFound';
import { PrivacyPolicy } from './pages/PrivacyPolicy';
import { Profile } from './pages/lazyProfile';
import { AppMenu, menuOf } from './layout/menuItems';
import { RESOURCES, type ResourceModule } from './resources';
import { legacyRedirectRoutes } from './routing/legacyRedirects';
import { specResource } from './routing/specResource';
import { specRouterProvider } from './routing/specRouterProvider';

type AppProps = {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  /** Where react-admin keeps preferences (table/grid, theme); tests pass a memory store. */
  store?: Store;
  /** The resources it mounts, and its menu lists: all of them unless a test mounts only the ones it checks. */
  resources?: readonly ResourceModule[];
};

export function App({ dataProvider, authProvider, store, resources = RESOURCES }: AppProps) {
  // The browser gets /login from main.tsx before this app loads; this one serves when the app is
  // rendered alone, as the component tests do.
  const Login = useMemo(() => () => <LoginPage login={authProvider.login} />, [authProvider]);
  // Menu entries and buttons a role may use show with their page, not a tick after it.
  const queryClient = useMemo(() => accessQueryClient((params) => (authProvider.canAccessNow as AccessNow | undefined)?.(params)), [authProvider]);
  const menu = useMemo(() => menuOf(resources), [resources]);
  return (
    <AppMenu.Provider value={menu}>
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        store={store}
        i18nProvider={i18nProvider}
        routerProvider={specRouterProvider}
        requireAuth
        title="Crease"
        layout={Layout}
        loginPage={Login}
        catchAll={NotFound}
        accessDenied={AccessDenied}
        notification={Toasts}
        theme={lightTheme}
        darkTheme={darkTheme}
        disableTelemetry
      >
        {resources.map((module) => (
          <Resource key={module.name} {...specResource(module)} />
        ))}
        <CustomRoutes noLayout>
          <Route path="/privacy-policy" element={<PrivacyPolicy />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<Navigate to="/dashboard" replace />} />
          <Route path="/dashboard" element={<Dashboard />} />
          <Route path="/profile" element={<Profile />} />
          {/* A resource whose add page is elsewhere than /<name>/create ('/create/player'). */}
          {resources.flatMap(({ name, createPath, views: { create: Create } }) =>
            createPath && Create ? [
              <Route
                key={name}
                path={createPath}
                element={
                  <ResourceContextProvider value={name}>
                    <Create />
                  </ResourceContextProvider>
                }
              />,
            ] : [],
          )}
          {legacyRedirectRoutes}
        </CustomRoutes>
      </Admin>
    </AppMenu.Provider>
  );
}
