/** Draft and scheduled publishing on the screens of news, videos and slides. */
export { PublishingState, publishingOfRecord, stateTime, type PublishingRecord, type PublishingStateProps } from './PublishingState';
export { ScheduleDialog, scheduleErrors, type ScheduleChoice, type ScheduleDialogProps } from './ScheduleDialog';
export {
  PublishingFormButtons,
  PublishingFormState,
  publishingPayload,
  publishingSuccess,
  withPublishing,
  type PublishingIntent,
} from './PublishingFormButtons';
export { PublishingActions, PublishingCard, type PublishingActionsProps } from './PublishingActions';
export { publishingFilters } from './publishingFilters';
