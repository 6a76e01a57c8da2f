/**
 * The one form behind 'Add News Article' and 'Edit News Article': title, small
 * description, the rich-text description, an optional image with preview and remove, and tags.
 * The small description is sent on create and on edit (the spec's known defect, fixed).
 * Beside the submit button, the publishing choices (Save as draft, Schedule; on edit Publish now or
 * Unpublish, and Schedule), and on edit the article's state above the fields.
 */
import { Grid } from '@mui/material';
import { SelectArrayInput, TextInput } from 'react-admin';
import { failureMessage, ImageUpload, PublishingFormButtons, PublishingFormState, publishingSuccess, ResourceForm, RichTextInput, validators, withPublishing } from '../../common';
import { IMAGE_HINT, NEWS_RULES, NEWS_TAGS, NEWS_TEXTS, toChoices } from '../../domain';
import { news } from '../../domain/entities';

const validate = validators(NEWS_RULES);
const IMAGES = ['image'] as const;
const failure = (error: unknown) => failureMessage(error, NEWS_TEXTS.createFailure);

const MODES = {
  create: {
    submit: { success: publishingSuccess(NEWS_TEXTS.createSuccess), failure, fileField: 'image', images: IMAGES },
    toolbar: { submitLabel: NEWS_TEXTS.createSubmit, busyLabel: NEWS_TEXTS.createBusy },
    imageHint: IMAGE_HINT,
  },
  edit: {
    submit: { success: publishingSuccess(NEWS_TEXTS.editSuccess), failure, fileField: 'image', images: IMAGES },
    toolbar: { submitLabel: NEWS_TEXTS.editSubmit, busyLabel: NEWS_TEXTS.editBusy },
    imageHint: NEWS_TEXTS.editImageHint,
  },
} as const;

type NewsFormValues = Record<string, unknown> & { tags?: string[] | string | null };

/** Only the fields the API takes for an article; `tags` always as a list; the publishing choice. Pass as `transform`. */
export const toNewsPayload = withPublishing(({ title, small_description, description, tags, image, removeImages }: NewsFormValues) => ({
  title,
  small_description,
  description,
  tags: Array.isArray(tags) ? tags : tags ? [tags] : [],
  ...(image ? { image } : {}),
  ...(removeImages ? { removeImages } : {}),
}));

export function NewsForm({ mode }: { mode: keyof typeof MODES }) {
  const settings = MODES[mode];
  return (
    <ResourceForm
      submit={settings.submit}
      toolbar={{ ...settings.toolbar, extra: mode === 'create' ? <PublishingFormButtons mode="create" /> : undefined }}
      errorBox
      defaultValues={{ tags: [] }}
    >
      {mode === 'edit' && <PublishingFormState />}
      <Grid container spacing={3} sx={{ width: '100%' }}>
        <Grid size={{ xs: 12, md: 8 }}>
          <TextInput source="title" label={news.fields.title.label} validate={validate.title} fullWidth />
          <TextInput
            source="small_description"
            label={news.fields.small_description.label}
            validate={validate.small_description}
            multiline
            minRows={2}
            fullWidth
          />
          <RichTextInput source="description" label={news.fields.description.label} validate={validate.description} fullWidth />
          <SelectArrayInput source="tags" label={news.fields.tags.label} choices={toChoices(NEWS_TAGS)} validate={validate.tags} fullWidth />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <ImageUpload source="image" label={news.fields.image.label} hint={settings.imageHint} rule={NEWS_RULES.image} removable />
        </Grid>
      </Grid>
    </ResourceForm>
  );
}
