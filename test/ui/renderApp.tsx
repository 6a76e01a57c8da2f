/** Renders the whole admin app at a URL on the in-memory league, signed in or not. */
import { render } from '@testing-library/react';
import { TestMemoryRouter, memoryStore } from 'react-admin';
import type { Location } from 'react-router-dom';
import { App } from '../../src/App';
import { createAuthProvider, type LoginRequest, type SecondStepRequest } from '../../src/providers/authProvider';
import { createFakeDataProvider, fakeLogin } from '../../src/providers/fakeDataProvider';
import { FAKE_ADMIN, FAKE_ADMIN_PASSWORD } from '../../src/providers/fakeLeague';
import { saveSession } from '../../src/providers/session';
import type { ResourceModule } from '../../src/resources';

export async function signIn() {
  const { token, user } = await fakeLogin({ email: FAKE_ADMIN.email, password: FAKE_ADMIN_PASSWORD });
  saveSession(token, user);
}

/**
 * The app on a league of its own, signing in through that league (so its sign-ins are on its
 * record), unless `login` is given; with every resource, unless `resources` names the ones to mount.
 */
export function renderApp(
  path: string,
  { login, secondStep, resources }: { login?: LoginRequest; secondStep?: SecondStepRequest; resources?: readonly ResourceModule[] } = {},
) {
  const location: { current?: Location } = {};
  const dataProvider = createFakeDataProvider();
  const view = render(
    <TestMemoryRouter initialEntries={[path]} locationCallback={(l) => (location.current = l)}>
      <App dataProvider={dataProvider} authProvider={createAuthProvider(login ?? dataProvider.signIn, { secondStep })} store={memoryStore()} resources={resources} />
    </TestMemoryRouter>,
  );
  return { ...view, dataProvider, location: () => location.current!, pathname: () => location.current?.pathname };
}
