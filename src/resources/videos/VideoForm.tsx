/**
 * The one form behind 'Add New Video' and 'Edit Video': previews on the left, fields on the right,
 * the spec's rules (VIDEO_RULES / VIDEO_EDIT_RULES) checked in the browser and again by the server.
 */
import { Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { useMemo } from 'react';
import { ImageField, ImageInput, SelectInput, SimpleForm, TextInput, useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { FormToolbar, ImagePreview, imageValidator, useFormSubmit, validators, VideoEmbed } from '../../common';
import { IMAGE_HINT, VIDEO_CATEGORIES, VIDEO_EDIT_RULES, VIDEO_RULES, VIDEO_TEXTS, checkField, toChoices } from '../../domain';
import type { Video } from './VideoParts';

type Mode = 'create' | 'edit';

const MODES = {
  create: {
    rules: VIDEO_RULES,
    submit: { success: VIDEO_TEXTS.createSuccess, failure: VIDEO_TEXTS.createFailure, fileField: 'image' },
    toolbar: { submitLabel: VIDEO_TEXTS.createSubmit, busyLabel: VIDEO_TEXTS.createBusy },
    thumbnailLabel: VIDEO_TEXTS.fieldThumbnail,
    thumbnailHint: IMAGE_HINT,
  },
  edit: {
    rules: VIDEO_EDIT_RULES,
    submit: { success: VIDEO_TEXTS.editSuccess, failure: VIDEO_TEXTS.editFailure, fileField: 'image' },
    toolbar: { submitLabel: VIDEO_TEXTS.editSubmit, busyLabel: VIDEO_TEXTS.editBusy },
    thumbnailLabel: VIDEO_TEXTS.editThumbnail,
    thumbnailHint: VIDEO_TEXTS.editThumbnailHint,
  },
} as const;

type VideoFormValues = { title?: string; category?: string; videoUrl?: string; image?: { rawFile?: File } | null };

/**
 * Only what the API accepts: the uploader comes from the token on the server, and on edit an empty
 * thumbnail is left out so the server keeps the current one. Pass as `transform` to Create and Edit.
 */
export const toVideoPayload = ({ title, category, videoUrl, image }: VideoFormValues) => ({
  title,
  category,
  videoUrl,
  ...(image?.rawFile ? { image } : {}),
});

/** Live previews: the address as an embedded player once it is a URL, and the chosen (or current) thumbnail. */
function VideoPreviews({ currentImage }: { currentImage?: string | null }) {
  const videoUrl = useWatch<VideoFormValues, 'videoUrl'>({ name: 'videoUrl' }) ?? '';
  const image = useWatch<VideoFormValues>({ name: 'image' }) as { src?: string } | null | undefined;
  const playable = videoUrl !== '' && !checkField(VIDEO_RULES.videoUrl, videoUrl);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Card variant="outlined">
        <CardContent>
          <Typography variant="subtitle2" gutterBottom>
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
          <Typography variant="subtitle2" gutterBottom>
            {image?.src || !currentImage ? VIDEO_TEXTS.thumbnailPreview : VIDEO_TEXTS.currentThumbnail}
          </Typography>
          <ImagePreview src={image?.src ?? currentImage} alt={VIDEO_TEXTS.thumbnailPreview} height={180} />
        </CardContent>
      </Card>
    </Box>
  );
}

export function VideoForm({ mode }: { mode: Mode }) {
  const settings = MODES[mode];
  const validate = validators(settings.rules);
  const onSubmit = useFormSubmit(settings.submit);
  const record = useRecordContext<Video>();
  // Edit starts with an empty file input ('Leave empty to keep current thumbnail'); the current one is previewed.
  const formRecord = useMemo(() => (record ? { ...record, image: null } : undefined), [record]);
  return (
    // noValidate: the browser's own bubbles (type="url") would pre-empt the spec's messages.
    <SimpleForm onSubmit={onSubmit} record={formRecord} toolbar={<FormToolbar {...settings.toolbar} />} noValidate>
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <VideoPreviews currentImage={record?.image} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <TextInput source="title" label={VIDEO_TEXTS.fieldTitle} validate={validate.title} fullWidth />
          <SelectInput
            source="category"
            label={VIDEO_TEXTS.fieldCategory}
            choices={toChoices(VIDEO_CATEGORIES)}
            validate={validate.category}
            fullWidth
          />
          <TextInput source="videoUrl" label={VIDEO_TEXTS.fieldVideoUrl} type="url" validate={validate.videoUrl} fullWidth />
          <ImageInput
            source="image"
            label={settings.thumbnailLabel}
            helperText={settings.thumbnailHint}
            validate={imageValidator(settings.rules.image)}
          >
            <ImageField source="src" title="title" />
          </ImageInput>
        </Grid>
      </Grid>
    </SimpleForm>
  );
}
