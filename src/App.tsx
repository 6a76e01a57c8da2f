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
import activity from './resources/activity';
import admins from './resources/admins';
import { DECLARED_VIEWS } from './resources/declaredViews';
import { ENTITIES, titleOf } from './domain';
import { legacyRedirectRoutes } from './routing/legacyRedirects';
import { specResource } from './routing/specResource';
import { specRouterProvider } from './routing/specRouterProvider';

type AppProps = {
  dataProvider: DataProvider;
  authProvider: AuthProvider;
  /** Where react-admin keeps preferences (table/grid, theme); tests pass a memory store. */
  store?: Store;
};

export function App({ dataProvider, authProvider, store }: AppProps) {
  // The browser gets /login from main.tsx before this app loads; this one serves when the app is
  // rendered alone, as the component tests do.
  const Login = useMemo(() => () => <LoginPage login={authProvider.login} />, [authProvider]);
  // Menu entries and buttons a role may use show with their page, not a tick after it.
  const queryClient = useMemo(() => accessQueryClient((params) => (authProvider.canAccessNow as AccessNow | undefined)?.(params)), [authProvider]);
  return (
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
      {ENTITIES.map((entity) => (
        <Resource
          key={entity.name}
          name={entity.name}
          {...specResource(DECLARED_VIEWS[entity.name])}
          // A record is named as its declaration names it ('Asha Patil'), unless its folder says otherwise (a match by its teams).
          recordRepresentation={DECLARED_VIEWS[entity.name].recordRepresentation ?? ((record) => titleOf(entity, record) ?? '')}
        />
      ))}
      <Resource name="admins" {...specResource(admins)} />
      <Resource name="activity" {...specResource(activity)} />
      <CustomRoutes noLayout>
        <Route path="/privacy-policy" element={<PrivacyPolicy />} />
      </CustomRoutes>
      <CustomRoutes>
        <Route path="/" element={<Navigate to="/dashboard" replace />} />
        <Route path="/dashboard" element={<Dashboard />} />
        <Route path="/profile" element={<Profile />} />
        {/* A declared entity whose add page is elsewhere than /<name>/create ('/create/player'). */}
        {ENTITIES.filter((entity) => entity.createPath).map((entity) => {
          const Create = DECLARED_VIEWS[entity.name].create!;
          return (
            <Route
              key={entity.name}
              path={entity.createPath}
              element={
                <ResourceContextProvider value={entity.name}>
                  <Create />
                </ResourceContextProvider>
              }
            />
          );
        })}
        {legacyRedirectRoutes}
      </CustomRoutes>
    </Admin>
  );
}
