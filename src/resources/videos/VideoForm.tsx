/**
 * The one form behind 'Add New Video' and 'Edit Video': previews on the left, fields on the right,
 * the spec's rules (VIDEO_RULES / VIDEO_EDIT_RULES) checked in the browser and again by the server.
 * Beside the submit button, the publishing choices; on edit, the video's state above the fields.
 */
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { SelectInput, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ImagePreview, ImageUpload, PublishingFormButtons, PublishingFormState, publishingSuccess, ResourceForm, validators, VideoEmbed, withPublishing } from '../../common';
import { IMAGE_HINT, VIDEO_CATEGORIES, VIDEO_EDIT_RULES, VIDEO_RULES, VIDEO_TEXTS, checkField, toChoices } from '../../domain';
import { videos } from '../../domain/entities';
import type { Video } from './VideoParts';

const IMAGES = ['image'] as const;

const MODES = {
  create: {
    rules: VIDEO_RULES,
    submit: { success: publishingSuccess(VIDEO_TEXTS.createSuccess), failure: VIDEO_TEXTS.createFailure, fileField: 'image', images: IMAGES },
    toolbar: { submitLabel: VIDEO_TEXTS.createSubmit, busyLabel: VIDEO_TEXTS.createBusy },
    thumbnailLabel: videos.fields.image.formLabel,
    thumbnailHint: IMAGE_HINT,
  },
  edit: {
    rules: VIDEO_EDIT_RULES,
    submit: { success: publishingSuccess(VIDEO_TEXTS.editSuccess), failure: VIDEO_TEXTS.editFailure, fileField: 'image', images: IMAGES },
    toolbar: { submitLabel: VIDEO_TEXTS.editSubmit, busyLabel: VIDEO_TEXTS.editBusy },
    thumbnailLabel: VIDEO_TEXTS.editThumbnail,
    thumbnailHint: VIDEO_TEXTS.editThumbnailHint,
  },
} as const;

type VideoFormValues = Record<string, unknown> & { title?: string; category?: string; videoUrl?: string; image?: { rawFile?: File } | null };

/** Only what the API accepts (the uploader comes from the token on the server), and the publishing choice. Pass as `transform`. */
export const toVideoPayload = withPublishing(({ title, category, videoUrl, image }: VideoFormValues) => ({
  title,
  category,
  videoUrl,
  ...(image?.rawFile ? { image } : {}),
}));

/** Live previews: the address as an embedded player once it is a URL, and the chosen (or current) thumbnail. */
function VideoPreviews({ currentImage }: { currentImage?: string | null }) {
  const videoUrl = useWatch<VideoFormValues, 'videoUrl'>({ name: 'videoUrl' }) ?? '';
  const image = useWatch<VideoFormValues>({ name: 'image' }) as { src?: string } | null | undefined;
  const playable = videoUrl !== '' && !checkField(VIDEO_RULES.videoUrl, videoUrl);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {VIDEO_TEXTS.videoPreview}
          </Typography>
          {playable ? (
            <VideoEmbed url={videoUrl} title={VIDEO_TEXTS.videoPreview} />
          ) : (
            <Box sx={{ aspectRatio: '16 / 9', display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
              <Typography variant="body2" color="text.secondary" sx={{ px: 2, textAlign: 'center' }}>
                {VIDEO_TEXTS.videoPreviewHint}
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {image?.src || !currentImage ? VIDEO_TEXTS.thumbnailPreview : VIDEO_TEXTS.currentThumbnail}
          </Typography>
          <ImagePreview src={image?.src ?? currentImage} alt={VIDEO_TEXTS.thumbnailPreview} height={180} />
        </CardContent>
      </Card>
    </Box>
  );
}

export function VideoForm({ mode }: { mode: keyof typeof MODES }) {
  const settings = MODES[mode];
  const validate = validators(settings.rules);
  const record = useRecordContext<Video>();
  return (
    <ResourceForm submit={settings.submit} toolbar={{ ...settings.toolbar, extra: mode === 'create' ? <PublishingFormButtons mode="create" /> : undefined }}>
      {mode === 'edit' && <PublishingFormState />}
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <VideoPreviews currentImage={record?.image} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextInput source="title" label={videos.fields.title.formLabel} validate={validate.title} fullWidth />
          <SelectInput
            source="category"
            label={videos.fields.category.label}
            choices={toChoices(VIDEO_CATEGORIES)}
            validate={validate.category}
            fullWidth
          />
          <TextInput source="videoUrl" label={videos.fields.videoUrl.label} type="url" validate={validate.videoUrl} fullWidth />
          {/* The thumbnail is previewed on the left, so the input shows only the chosen file. */}
          <ImageUpload source="image" label={settings.thumbnailLabel} hint={settings.thumbnailHint} rule={settings.rules.image} showCurrent={false} />
        </Grid>
      </Grid>
    </ResourceForm>
  );
}
