/**
 * The league's videos: a title, a category, a link and a thumbnail, each kept with the admin who added it.
 * Featured and magic moment are set from the detail page by routes of their own (server/routes/admin/videos.ts);
 * a form never sends them. The demo league generates its own videos; these rows start a test league.
 */
import { defineEntity, textsOf } from '../entity';
import { VIDEO_CATEGORIES } from '../enums';
import { MENU, VALIDATION } from '../messages';

export const videos = defineEntity({
  name: 'videos',
  label: { one: 'Video', many: 'Videos' },
  fields: {
    title: { kind: 'text', label: 'Title', formLabel: 'Video Title', columnLabel: 'Video Details', required: true },
    category: { kind: 'choice', label: 'Category', required: true, choices: VIDEO_CATEGORIES, messages: { invalid: VALIDATION.categoryInvalid } },
    videoUrl: { kind: 'url', label: 'Video URL', required: true },
    image: { kind: 'image', label: 'Thumbnail', formLabel: 'Thumbnail Image', required: true },
    isFeatured: { kind: 'boolean', label: 'Featured', default: false, form: false },
    isMagicMoment: { kind: 'boolean', label: 'Magic Moment', default: false, form: false },
  },
  creator: 'user_id',
  title: 'title',
  list: { search: ['title', 'category'], filters: ['category'], sort: ['title'], counted: ['category'], columns: ['title'] },
  versioned: true,
  publishing: true,
  fixedFailures: ['create', 'update', 'delete'],
  app: {
    fields: ['title', 'category', 'videoUrl', 'image', 'isFeatured', 'isMagicMoment', 'createdAt', 'updatedAt'],
    filters: ['category', 'isFeatured', 'isMagicMoment'],
    order: { field: 'createdAt', order: 'desc' },
  },
  menu: { label: MENU.videos, addLabel: MENU.addVideo },
  texts: {
    listTitle: 'Video Management',
    createTitle: 'Add New Video',
    createSubmit: 'Add Video',
    createBusy: 'Adding...',
    createSuccess: 'Video added successfully!',
    createFailure: 'Failed to add video. Please try again.',
    editLoadFailure: 'Failed to load video data.',
    editFailure: 'Failed to update video. Please try again.',
    deleteSuccess: 'Video deleted successfully',
    columnCreated: 'Created Date',
  },
  demo: [
    { title: 'Super over highlights', category: 'Match Highlights', videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ', image: '/favicon.svg' },
    { title: 'Captain on the final', category: 'Interview', videoUrl: 'https://www.youtube.com/watch?v=9bZkp7q19f0', image: '/favicon.svg' },
  ],
});

/** The video screens' texts: the declared ones, and the flags, preview, uploader and form of their own. */
export const VIDEO_TEXTS = {
  ...textsOf(videos),
  /** The list's delete question names the video; the detail page's is the declared one. */
  deleteConfirmNamed: (title: string) => `Are you sure you want to delete "${title}"? This action cannot be undone.`,
  statusActions: 'Status & Actions',
  setFeatured: 'Set Featured',
  removeFeatured: 'Remove Featured',
  setMagicMoment: 'Set Magic Moment',
  removeMagicMoment: 'Remove Magic Moment',
  toggleFailure: 'Something went wrong',
  editThumbnail: 'Update Thumbnail (Optional)',
  featuredOn: 'Video set as featured',
  featuredOff: 'Video removed from featured',
  magicOn: 'Video set as magic moment',
  magicOff: 'Video removed from magic moments',
  columnUploader: 'Uploaded By',
  videoPreview: 'Video Preview',
  videoPreviewHint: 'Paste a YouTube link to see the video here',
  thumbnailPreview: 'Thumbnail Preview',
  currentThumbnail: 'Current Thumbnail',
  notFeatured: 'Not featured',
  notMagicMoment: 'Not a magic moment',
} as const;
