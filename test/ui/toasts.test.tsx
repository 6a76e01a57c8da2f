import { act, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, useNotify } from 'react-admin';
import { TOAST_AUTO_CLOSE_MS } from '../../src/domain';
import { Toasts } from '../../src/layout/Layout';

function Trigger() {
  const notify = useNotify();
  return <button onClick={() => notify('Video added successfully!', { type: 'success' })}>notify</button>;
}

function showToast() {
  render(
    <AdminContext store={memoryStore()}>
      <Trigger />
      <Toasts />
    </AdminContext>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'notify' }));
  return screen.getByText('Video added successfully!');
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const toast = () => screen.queryByText('Video added successfully!');
/** The exit transition's timer is set only once React has applied the close. */
async function expectClosedAfter(ms: number) {
  await wait(ms);
  await wait(1000);
  expect(toast()).toBeNull();
}

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('appear top-right and close after 5 seconds', async () => {
    const shown = showToast();
    expect(shown.closest('.MuiSnackbar-anchorOriginTopRight')).not.toBeNull();
    await wait(TOAST_AUTO_CLOSE_MS - 100);
    expect(toast()).toBeVisible();
    await expectClosedAfter(200);
  });

  it('pause while hovered', async () => {
    const shown = showToast();
    await wait(3000);
    fireEvent.mouseEnter(shown.closest('.MuiSnackbar-root')!);
    await wait(TOAST_AUTO_CLOSE_MS * 3);
    expect(toast()).toBeVisible();
    fireEvent.mouseLeave(shown.closest('.MuiSnackbar-root')!);
    await expectClosedAfter(TOAST_AUTO_CLOSE_MS);
  });

  it('pause while the window is not focused', async () => {
    showToast();
    await wait(1000);
    fireEvent.blur(window);
    await wait(TOAST_AUTO_CLOSE_MS * 3);
    expect(toast()).toBeVisible();
    fireEvent.focus(window);
    await expectClosedAfter(TOAST_AUTO_CLOSE_MS);
  });
});
