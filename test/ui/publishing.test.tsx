/** The publishing parts every publishing resource shares: the state chip with its time and the overdue flag, and the Schedule dialog's checks. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatZonedTime, localInputValue, PublishingState, ScheduleDialog, scheduleErrors } from '../../src/common';
import { PUBLISHING_TEXTS, PUSH_TEXTS, toPublishMinute } from '../../src/domain';

const HOUR = 3_600_000;
const now = new Date('2026-11-26T12:00:30.000Z');

describe('the publishing state chip', () => {
  it('says Draft, and nothing more', () => {
    render(<PublishingState record={{ status: 'draft', publishAt: null, unpublishAt: null }} now={now} />);
    expect(screen.getByTestId('publishing-chip')).toHaveTextContent(PUBLISHING_TEXTS.states.draft);
    expect(screen.getByLabelText(`${PUBLISHING_TEXTS.status}: ${PUBLISHING_TEXTS.states.draft}`)).toBeInTheDocument();
    expect(screen.queryByTestId('overdue-chip')).not.toBeInTheDocument();
    expect(screen.getByTestId('publishing-state')).toHaveTextContent(new RegExp(`^${PUBLISHING_TEXTS.states.draft}$`));
  });

  it('says Scheduled with its time in the admin’s time zone, not yet overdue', () => {
    const publishAt = new Date(now.getTime() + 2 * HOUR).toISOString();
    render(<PublishingState record={{ status: 'scheduled', publishAt, unpublishAt: null }} now={now} />);
    const state = screen.getByTestId('publishing-state');
    expect(within(state).getByTestId('publishing-chip')).toHaveTextContent(PUBLISHING_TEXTS.states.scheduled);
    expect(state).toHaveTextContent(formatZonedTime(publishAt));
    // The time names its zone, since a planned time is easy to misread by hours.
    expect(formatZonedTime(publishAt)).toMatch(/(GMT|UTC)/);
    expect(screen.queryByTestId('overdue-chip')).not.toBeInTheDocument();
  });

  it('flags a scheduled item past its time that did not go live as Overdue', () => {
    const publishAt = new Date(now.getTime() - 5 * 60_000).toISOString();
    render(<PublishingState record={{ status: 'scheduled', publishAt, unpublishAt: null }} now={now} />);
    expect(screen.getByTestId('publishing-chip')).toHaveTextContent(PUBLISHING_TEXTS.states.scheduled);
    expect(screen.getByTestId('overdue-chip')).toHaveTextContent(PUBLISHING_TEXTS.overdue);
    expect(screen.getByLabelText(`${PUBLISHING_TEXTS.overdue}: ${PUBLISHING_TEXTS.overdueHint}`)).toBeInTheDocument();
  });

  it('says Published, with when it comes down if it has a time', () => {
    const unpublishAt = new Date(now.getTime() + 24 * HOUR).toISOString();
    const { rerender } = render(<PublishingState record={{ status: 'published', publishAt: null, unpublishAt: null }} now={now} />);
    expect(screen.getByTestId('publishing-state')).toHaveTextContent(new RegExp(`^${PUBLISHING_TEXTS.states.published}$`));
    rerender(<PublishingState record={{ status: 'published', publishAt: null, unpublishAt }} now={now} />);
    expect(screen.getByTestId('publishing-state')).toHaveTextContent(`${PUBLISHING_TEXTS.unpublishAt} ${formatZonedTime(unpublishAt)}`);
  });

  it('reads a record from before publishing (no status) as published', () => {
    render(<PublishingState record={{}} now={now} />);
    expect(screen.getByTestId('publishing-chip')).toHaveTextContent(PUBLISHING_TEXTS.states.published);
  });
});

describe('the Schedule dialog', () => {
  const local = (offset: number) => localInputValue(new Date(now.getTime() + offset).toISOString());

  it('refuses no time, a past time, and an end not after the start or already past', () => {
    expect(scheduleErrors('', '', now)).toEqual({ publishAt: PUBLISHING_TEXTS.publishAtRequired });
    expect(scheduleErrors(local(-2 * 60_000), '', now)).toEqual({ publishAt: PUSH_TEXTS.sendAtPast });
    // The current minute goes live at once: not refused.
    expect(scheduleErrors(local(0), '', now)).toEqual({});
    expect(scheduleErrors(local(HOUR), local(HOUR), now)).toEqual({ unpublishAt: PUBLISHING_TEXTS.unpublishAtNotAfter });
    expect(scheduleErrors(undefined, local(-HOUR), now)).toEqual({ unpublishAt: PUBLISHING_TEXTS.unpublishAtPast });
    expect(scheduleErrors(local(HOUR), local(2 * HOUR), now)).toEqual({});
  });

  it('asks Publish at and an optional Unpublish at in the admin’s time zone, and hands on UTC instants to the minute', async () => {
    const onSchedule = vi.fn();
    render(<ScheduleDialog onClose={() => {}} onSchedule={onSchedule} />);
    const dialog = screen.getByRole('dialog', { name: PUBLISHING_TEXTS.schedule });
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(within(dialog).getByText(`${PUBLISHING_TEXTS.timeHint} (${zone})`)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    expect(await within(dialog).findByText(PUBLISHING_TEXTS.publishAtRequired)).toBeInTheDocument();
    expect(onSchedule).not.toHaveBeenCalled();

    const start = localInputValue(new Date(Date.now() + 26 * HOUR).toISOString());
    await userEvent.type(within(dialog).getByLabelText(new RegExp(`^${PUBLISHING_TEXTS.publishAt}`)), start);
    await userEvent.click(within(dialog).getByRole('button', { name: PUBLISHING_TEXTS.schedule }));
    expect(onSchedule).toHaveBeenCalledWith({ publishAt: toPublishMinute(new Date(start)), unpublishAt: null });
    expect(onSchedule.mock.calls[0][0].publishAt).toMatch(/T\d{2}:\d{2}:00\.000Z$/);
  });

  it('asks only Unpublish at for a live record', () => {
    render(<ScheduleDialog endOnly onClose={() => {}} onSchedule={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: PUBLISHING_TEXTS.schedule });
    expect(within(dialog).queryByLabelText(new RegExp(`^${PUBLISHING_TEXTS.publishAt}`))).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(PUBLISHING_TEXTS.unpublishAt)).toBeInTheDocument();
  });
});
