import { screen, within } from '@testing-library/react';
import { renderApp } from './renderApp';

describe('privacy policy', () => {
  it('renders every part of the policy without signing in', async () => {
    const app = renderApp('/privacy-policy');
    expect(await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeInTheDocument();
    expect(app.pathname()).toBe('/privacy-policy');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Information we collect',
      'How we use it',
      'Sharing',
      'Security',
      'Retention',
      'Your rights',
      'Children',
      'Third-party links',
      'Changes to this policy',
      'Contact us',
    ]);
    const collected = screen.getByRole('heading', { name: 'Information we collect' }).parentElement!;
    for (const kind of ['Contact details', 'Profile', 'Credentials', 'User content', 'Device data']) {
      expect(within(collected).getByText(new RegExp(`^${kind}:`))).toBeInTheDocument();
    }
    expect(screen.getByText(/not meant for children under 13/)).toBeInTheDocument();
  });

  it('gives the configured support e-mail and phone and links to both app stores', async () => {
    renderApp('/privacy-policy');
    await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 });
    expect(screen.getByRole('link', { name: 'support@crease.app' })).toHaveAttribute('href', 'mailto:support@crease.app');
    expect(screen.getByRole('link', { name: '+91 80 4000 1234' })).toHaveAttribute('href', 'tel:+918040001234');
    expect(screen.getByRole('link', { name: 'Get it on Google Play' })).toHaveAttribute('href', expect.stringContaining('play.google.com'));
    expect(screen.getByRole('link', { name: 'Download on the App Store' })).toHaveAttribute('href', expect.stringContaining('apps.apple.com'));
  });
});
