import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { AUTH, PROFILE_TEXTS, TWO_FACTOR_TEXTS } from '../../src/domain';
import { LoginPage } from '../../src/layout/LoginPage';
import { createAuthProvider, type LoginAnswer } from '../../src/providers/authProvider';
import { fakeLogin } from '../../src/providers/fakeDataProvider';
import { FAKE_ADMIN, FAKE_ADMIN_PASSWORD } from '../../src/providers/fakeLeague';
import { renderApp, signIn } from './renderApp';

describe('login page', () => {
  it('shows the sign-in texts and sends a signed-in visitor to /dashboard', async () => {
    const app = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.getByText('Access your admin dashboard')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
    app.unmount();

    await signIn();
    const again = renderApp('/login');
    await waitFor(() => expect(again.pathname()).toBe('/dashboard'));
  });

  it('requires both fields and a well-formed e-mail, without calling the server', async () => {
    const login = vi.fn();
    renderApp('/login', { login });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/Email/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(login).not.toHaveBeenCalled();
  });

  it('toggles the password between hidden and shown', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText(/Password/);
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: /show password/i }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it("reads 'Signing in...' and is disabled while busy, sends Remember me, then lands on the dashboard", async () => {
    let answer!: (value: LoginAnswer) => void;
    const login = vi.fn(() => new Promise<LoginAnswer>((resolve) => (answer = resolve)));
    const app = renderApp('/login', { login });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'secret');
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const busy = await screen.findByRole('button', { name: 'Signing in...' });
    expect(busy).toBeDisabled();
    expect(login).toHaveBeenCalledWith(expect.objectContaining({ email: 'admin@crease.local', password: 'secret', remember: true }));

    const exp = Math.floor(Date.now() / 1000) + 3600;
    answer({ token: `e30.${btoa(JSON.stringify({ exp }))}.`, user: { _id: 'u1', name: 'Asha Rao', email: 'admin@crease.local' } });
    await waitFor(() => expect(app.pathname()).toBe('/dashboard'), { timeout: 5000 });
    expect(localStorage.getItem('userId')).toBe('u1');
  });

  it('sends an admin given a first password by another to choose their own, in place of the page they asked for', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const login = vi.fn(async () => ({ token: `e30.${btoa(JSON.stringify({ exp }))}.`, user: { _id: 'u2', name: 'Ravi Iyer', email: 'ravi@crease.local', mustChangePassword: true } }));
    renderApp('/login', { login });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'ravi@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'given-by-another');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: PROFILE_TEXTS.choosePasswordTitle })).toBeInTheDocument();
    expect(screen.getByText(PROFILE_TEXTS.choosePasswordIntro)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('asks an admin with a second factor for a code after the password, and signs in with the ticket and the code', async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const login = vi.fn(async () => ({ secondFactor: ['totp'], ticket: 'the-ticket' }));
    const secondStep = vi.fn(async () => ({ token: `e30.${btoa(JSON.stringify({ exp }))}.`, user: { _id: 'u3', name: 'Tess Factor', email: 'tess@crease.local' } }));
    const app = renderApp('/login', { login, secondStep });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'tess@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'her-own-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: TWO_FACTOR_TEXTS.stepTitle })).toBeInTheDocument();
    // The password alone kept nothing.
    expect(localStorage.getItem('token')).toBeNull();
    await user.type(screen.getByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode }), ' 123456 ');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard'));
    expect(secondStep).toHaveBeenCalledWith({ ticket: 'the-ticket', code: '123456' });
    expect(localStorage.getItem('userId')).toBe('u3');
  });

  it("shows a refused code's message and keeps the second step, with the way back to the password", async () => {
    const login = vi.fn(async () => ({ secondFactor: ['totp'], ticket: 'the-ticket' }));
    const secondStep = vi.fn(async () => {
      throw new Error(TWO_FACTOR_TEXTS.wrongCode);
    });
    renderApp('/login', { login, secondStep });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'tess@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'her-own-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.type(await screen.findByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode }), '000000');
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit }));
    expect(await screen.findByText(TWO_FACTOR_TEXTS.wrongCode)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stepSubmit })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: TWO_FACTOR_TEXTS.stepBack }));
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it("sends an admin the league's policy holds to set up a second factor, in place of the page they asked for", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const login = vi.fn(async () => ({ token: `e30.${btoa(JSON.stringify({ exp }))}.`, user: { _id: 'u4', name: 'Noor Held', email: 'noor@crease.local', mustSetUpSecondFactor: true } }));
    renderApp('/login', { login });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'noor@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'her-own-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('heading', { name: TWO_FACTOR_TEXTS.setUpTitle, level: 1 })).toBeInTheDocument();
    expect(screen.getByText(TWO_FACTOR_TEXTS.setUpFirst)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: TWO_FACTOR_TEXTS.turnOn })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: PROFILE_TEXTS.passwordTitle })).not.toBeInTheDocument();
  });

  it("shows the server's message in a toast when sign-in fails, and lets the user try again", async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), 'admin@crease.local');
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });

  it("signs in through the in-memory league, whose activity log records the refused try and the sign-in by name", async () => {
    const app = renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Email/), FAKE_ADMIN.email);
    await user.type(screen.getByLabelText(/Password/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Password/));
    await user.type(screen.getByLabelText(/Password/), FAKE_ADMIN_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard'), { timeout: 5000 });
    const { data } = await app.dataProvider.getList('activity', { pagination: { page: 1, perPage: 10 }, sort: { field: 'id', order: 'ASC' }, filter: {} });
    expect(data.map((entry) => [entry.action, entry.admin?.firstName, entry.recordLabel])).toEqual([
      ['signIn', FAKE_ADMIN.firstName, FAKE_ADMIN.name],
      ['signInRefused', FAKE_ADMIN.firstName, FAKE_ADMIN.name],
    ]);
  });

  it('explains how a password is reset', async () => {
    renderApp('/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Forgot password' }));
    expect(await screen.findByRole('dialog', { name: 'Resetting a password' })).toHaveTextContent('reset-password');
  });

  it('says the session expired when a lapsed one sent the admin here, on every trip there until dismissed', async () => {
    localStorage.setItem('userId', 'u-admin');
    localStorage.setItem('token', `e30.${btoa(JSON.stringify({ exp: 1 }))}.`);
    await expect(createAuthProvider(fakeLogin).checkAuth({})).rejects.toThrow(AUTH.sessionExpired);
    // The page as the browser gets it: outside the admin app, whose own toast does not reach it.
    const signInPage = () =>
      render(
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage login={vi.fn()} />
        </MemoryRouter>,
      );
    const first = signInPage();
    expect(await screen.findByText(AUTH.sessionExpired)).toBeInTheDocument();
    first.unmount();
    // Calls refused one after another may bring the page up again: it still says why.
    const second = signInPage();
    expect(await screen.findByText(AUTH.sessionExpired)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText(AUTH.sessionExpired)).not.toBeInTheDocument());
    second.unmount();
    signInPage();
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(screen.queryByText(AUTH.sessionExpired)).not.toBeInTheDocument();
  });
});
