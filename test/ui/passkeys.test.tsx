/**
 * The sign-in page's passkey parts: 'Sign in with a passkey' without a password, and the second step
 * offering the passkey when the password's answer lists one. The browser's ceremony is the
 * `passkeySignIn` prop's (e2e runs the real one in Chromium, test/e2e/passkeys.spec.ts).
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { PASSKEY_TEXTS, TWO_FACTOR_TEXTS } from '../../src/domain';
import { LoginPage } from '../../src/layout/LoginPage';
import type { LoginAnswer } from '../../src/providers/authProvider';

const exp = Math.floor(Date.now() / 1000) + 3600;
const session: LoginAnswer = { token: `e30.${btoa(JSON.stringify({ exp }))}.`, user: { _id: 'p1', name: 'Pia Passkey' } };

/** jsdom has no WebAuthn: the page offers passkeys only where the browser has it, in a secure context. */
function withWebAuthn(on: boolean) {
  Object.defineProperty(window, 'isSecureContext', { value: on, configurable: true });
  Object.defineProperty(window, 'PublicKeyCredential', { value: on ? function PublicKeyCredential() {} : undefined, configurable: true });
}

function renderLogin(props: Partial<Parameters<typeof LoginPage>[0]> = {}) {
  const login = props.login ?? vi.fn(async () => session);
  render(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginPage login={login} {...props} />} />
        <Route path="/dashboard" element={<h1>Dashboard</h1>} />
      </Routes>
    </MemoryRouter>,
  );
  return { login };
}

async function password(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Email/), 'pia@crease.local');
  await user.type(screen.getByLabelText(/Password/), 'her-own-password');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  localStorage.clear();
  withWebAuthn(true);
});
afterAll(() => withWebAuthn(false));

describe('passkeys on the sign-in page', () => {
  it('signs in with a passkey alone, asking for the longer session when Remember me is ticked', async () => {
    const passkeySignIn = vi.fn(async () => session);
    const { login } = renderLogin({ passkeySignIn });
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await user.click(screen.getByRole('button', { name: PASSKEY_TEXTS.signIn }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(passkeySignIn).toHaveBeenCalledWith({ ticket: undefined, remember: true });
    expect(login).not.toHaveBeenCalled();
    expect(localStorage.getItem('userId')).toBe('p1');
  });

  it("says so when the browser's passkey request is cancelled, and stays on the page", async () => {
    const passkeySignIn = vi.fn(async () => {
      throw new Error('cancelled', { cause: new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError') });
    });
    renderLogin({ passkeySignIn });
    await userEvent.setup().click(screen.getByRole('button', { name: PASSKEY_TEXTS.signIn }));
    expect(await screen.findByText(PASSKEY_TEXTS.cancelled)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PASSKEY_TEXTS.signIn })).toBeEnabled();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers no passkey where the browser has no WebAuthn, nor without a passkey sign-in (the in-memory league)', () => {
    withWebAuthn(false);
    renderLogin({ passkeySignIn: vi.fn() });
    expect(screen.queryByRole('button', { name: PASSKEY_TEXTS.signIn })).not.toBeInTheDocument();
    withWebAuthn(true);
    renderLogin();
    expect(screen.queryByRole('button', { name: PASSKEY_TEXTS.signIn })).not.toBeInTheDocument();
  });

  it("offers the passkey alone as the second step of an admin whose only factor it is, with the password step's ticket", async () => {
    const login = vi.fn(async () => ({ secondFactor: ['passkey'], ticket: 'the-ticket' }));
    const passkeySignIn = vi.fn(async () => session);
    renderLogin({ login, passkeySignIn });
    const user = userEvent.setup();
    await password(user);
    expect(await screen.findByText(PASSKEY_TEXTS.secondStepIntro)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode })).not.toBeInTheDocument();
    expect(localStorage.getItem('token')).toBeNull();
    await user.click(screen.getByRole('button', { name: PASSKEY_TEXTS.secondStep }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(passkeySignIn).toHaveBeenCalledWith({ ticket: 'the-ticket', remember: false });
  });

  it('offers the passkey beside the code to an admin with both', async () => {
    const login = vi.fn(async () => ({ secondFactor: ['totp', 'passkey'], ticket: 'the-ticket' }));
    renderLogin({ login, passkeySignIn: vi.fn(async () => session) });
    await password(userEvent.setup());
    expect(await screen.findByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PASSKEY_TEXTS.secondStep })).toBeInTheDocument();
  });

  it('offers only the code to an admin without a passkey', async () => {
    const login = vi.fn(async () => ({ secondFactor: ['totp'], ticket: 'the-ticket' }));
    renderLogin({ login, passkeySignIn: vi.fn(async () => session) });
    await password(userEvent.setup());
    expect(await screen.findByRole('textbox', { name: TWO_FACTOR_TEXTS.stepCode })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: PASSKEY_TEXTS.secondStep })).not.toBeInTheDocument());
  });
});
