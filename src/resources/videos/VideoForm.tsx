/**
 * 'Add New Video' and 'Edit Video': the declared form (src/common/declared/DeclaredForm.tsx) with the
 * video's live previews in a column before the fields: the address as an embedded player once it is
 * a URL, and the chosen (or current) thumbnail, which its input therefore does not show again.
 */
import { Box, Card, CardContent, Typography } from '@mui/material';
import { cloneElement, type ReactElement } from 'react';
import { useRecordContext } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { DeclaredCreate, DeclaredEdit, ImagePreview, VideoEmbed, type FormAside, type ImageUploadProps } from '../../common';
import { checkField, rulesOf, VIDEO_TEXTS } from '../../domain';
import { videos } from '../../domain/entities';
import type { Video } from './VideoParts';

const urlRule = rulesOf(videos, 'create').videoUrl;

function VideoPreviews() {
  const currentImage = useRecordContext<Video>()?.image;
  const videoUrl = (useWatch({ name: 'videoUrl' }) as string | undefined) ?? '';
  const image = useWatch({ name: 'image' }) as { src?: string } | null | undefined;
  const playable = videoUrl !== '' && !checkField(urlRule, videoUrl);
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

const aside: FormAside = { content: <VideoPreviews />, at: 'start', width: 5 };
const thumbnail = (props: Partial<ImageUploadProps>) => ({ image: (input: ReactElement<Record<string, unknown>>) => cloneElement(input, { showCurrent: false, ...props }) });

export const VideoCreate = () => <DeclaredCreate entity={videos} aside={aside} inputs={thumbnail({})} />;
export const VideoEdit = () => <DeclaredEdit entity={videos} aside={aside} inputs={thumbnail({ label: VIDEO_TEXTS.editThumbnail })} />;
