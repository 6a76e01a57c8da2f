/**
 * The one image input of every form: a file chooser (drop or click) whose bytes are checked the
 * moment a file is chosen, a preview of the chosen image or of the record's current one, the edit
 * hint ('Leave empty to keep current …'), and, for an optional image on edit, a button that removes
 * the current image. Removal is sent as `removeImages: [source]`; an empty input keeps the current file.
 */
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import UndoIcon from '@mui/icons-material/Undo';
import { Box, Button, Stack, Typography } from '@mui/material';
import { useEffect } from 'react';
import { ImageField, ImageInput, useRecordContext } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { SHELL, type FieldRule } from '../domain';
import { imageValidator } from './imageFile';
import { chosenFile, REMOVED_IMAGES } from './imagePayload';
import { ImagePreview } from './media';

export type ImageUploadProps = {
  source: string;
  label: string;
  rule: FieldRule;
  /** Under the input: 'JPG, PNG, GIF' on create, 'Leave empty to keep current thumbnail' on edit. */
  hint?: string;
  /** Show the record's current image beside the input (off where the page previews it elsewhere). */
  showCurrent?: boolean;
  /** Offer a button that removes the current image (an optional one, on edit). */
  removable?: boolean;
  previewHeight?: number;
};

export function ImageUpload({ source, label, rule, hint, showCurrent = true, removable = false, previewHeight = 160 }: ImageUploadProps) {
  const record = useRecordContext();
  const { trigger, setValue } = useFormContext();
  const value = useWatch({ name: source });
  const removed = (useWatch({ name: REMOVED_IMAGES }) as string[] | undefined) ?? [];
  const file = chosenFile(value);
  const current = typeof record?.[source] === 'string' ? (record[source] as string) : undefined;
  const isRemoved = removed.includes(source);

  // Refuse a wrong file as soon as it is chosen, not only when the form is sent.
  useEffect(() => {
    if (file) void trigger(source);
  }, [file, source, trigger]);

  const setRemoved = (remove: boolean) =>
    setValue(REMOVED_IMAGES, remove ? [...removed, source] : removed.filter((name) => name !== source), { shouldDirty: true });

  return (
    <Box>
      {showCurrent && current && !file && (
        <Stack spacing={1} sx={{ mb: 1 }}>
          <Typography variant="subtitle2" component="p">{SHELL.currentImageLabel}</Typography>
          <ImagePreview src={isRemoved ? undefined : current} alt={`${label}: ${SHELL.currentImage}`} height={previewHeight} />
          {removable && (
            <Button
              size="small"
              color={isRemoved ? 'primary' : 'error'}
              startIcon={isRemoved ? <UndoIcon /> : <DeleteOutlineIcon />}
              onClick={() => setRemoved(!isRemoved)}
              sx={{ alignSelf: 'flex-start' }}
            >
              {isRemoved ? SHELL.keepImage : SHELL.removeImage}
            </Button>
          )}
        </Stack>
      )}
      <ImageInput
        source={source}
        label={label}
        helperText={hint}
        validate={imageValidator(rule)}
        // The stored address stays the field's value until a file is chosen; the input shows only chosen files.
        format={showChosenOnly}
        // No `accept`: the drop zone would drop a wrong file silently; the bytes decide, and the admin is told why.
        inputProps={{ 'aria-label': label }}
      >
        <ImageField source="src" title="title" sx={{ '& img': { maxHeight: previewHeight, objectFit: 'contain' } }} />
      </ImageInput>
    </Box>
  );
}

const showChosenOnly = (value: unknown) => (typeof value === 'string' ? null : value);
