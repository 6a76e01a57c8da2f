/** What the slides page shares: the record type, View (the image in a new tab) and Delete after a modal question. */
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Button } from '@mui/material';
import type { RaRecord } from 'react-admin';
import { DeleteRecordButton, failureMessage, mediaUrl, type PublishingRecord } from '../../common';
import { SLIDE_TEXTS } from '../../domain';

/** The API's slide: its image, its place in the app's carousel (1 is shown first), its date and its publishing state. */
export type Slide = RaRecord & PublishingRecord & { image: string; position: number; createdAt: string };

/** The slide's place among those shown: its index in the carousel order, counted from 1. */
export function ViewImageButton({ slide, place }: { slide: Slide; place: number }) {
  return (
    <Button
      size="small"
      component="a"
      href={mediaUrl(slide.image)}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<OpenInNewIcon />}
      aria-label={SLIDE_TEXTS.viewImageLabel(place)}
    >
      {SLIDE_TEXTS.viewImage}
    </Button>
  );
}

/** Delete after a modal question; the slide leaves the page and the total drops by one. */
export const DeleteSlideButton = () => (
  <DeleteRecordButton
    confirmTitle={SLIDE_TEXTS.deleteTitle}
    confirmContent={SLIDE_TEXTS.deleteConfirm}
    busyLabel={SLIDE_TEXTS.deleting}
    successMessage={SLIDE_TEXTS.deleteSuccess}
    failureMessage={(error) => failureMessage(error, SLIDE_TEXTS.deleteFailure)}
  />
);
