/**
 * The app's home-screen slides: images only, added from a dialog over their list, deleted, and put
 * in the carousel's order (their own route, server/routes/admin/slides.ts). The list comes in carousel
 * order; a new slide goes last. The demo league plans its own slides (server/seed, fakeLeague).
 */
import { defineEntity, rulesOf, textsOf } from '../entity';
import { MENU, VALIDATION } from '../messages';
import { APP_TARGET, TARGET_FIELDS, targetCheck } from '../targets';

export const slides = defineEntity({
  name: 'slides',
  label: { one: 'Slide', many: 'Slides' },
  fields: {
    image: { kind: 'image', label: 'Image', required: true, messages: { required: VALIDATION.imageRequired } },
    position: { kind: 'number', label: 'Order', form: false, sequence: true },
    ...TARGET_FIELDS,
  },
  title: 'image',
  list: { search: ['image'], searchId: true, sort: ['position'], defaultSort: { field: 'position', order: 'asc' }, columns: ['image', 'position'] },
  check: targetCheck,
  versioned: false,
  operations: ['list', 'create', 'delete'],
  createIn: 'dialog',
  publishing: true,
  app: { fields: ['image', 'position'], order: { field: 'position', order: 'asc' }, routes: ['list'], derived: { target: APP_TARGET } },
  menu: { label: MENU.slides },
  texts: {
    listTitle: 'App Slides',
    searchPlaceholder: 'Search slides by id or image address...',
    emptyHint: 'Add your first slide to get started',
    deleteSuccess: 'Slide deleted successfully',
  },
  demo: [],
});

/** The slide form's rule: an image, required. */
export const SLIDE_RULES = rulesOf(slides, 'create');

/** The slides page's texts: the declared ones, and the carousel order and cards of its own. */
export const SLIDE_TEXTS = {
  ...textsOf(slides),
  fieldImage: 'Slide Image',
  imageHint: 'JPG, PNG, GIF or WebP, up to 5MB; shown full width in the app',
  loadFailure: 'Failed to load slides',
  viewImage: 'View',
  viewImageLabel: (position: number) => `View slide ${position} image in a new tab`,
  slideLabel: (position: number) => `Slide ${position}`,
  slideImage: (position: number) => `Slide ${position} image`,
  columnId: 'Slide ID',
  orderHeading: 'Carousel order',
  orderHint: 'The app shows slides in this order. Drag a slide to a new place, or use Move earlier and Move later.',
  orderSearching: 'Clear the search to change the order.',
  orderPaged: 'Show every slide on one page to change the order.',
  moveEarlier: 'Move earlier',
  moveLater: 'Move later',
  moved: (from: number, to: number, total: number) => `Slide ${from} moved to position ${to} of ${total}.`,
  orderSaved: 'Slide order saved',
  orderFailure: 'Failed to save the slide order',
  /** The server's 400 when `PUT /admin/slides/order` does not list exactly the current slides. */
  orderMismatch: 'The order must list every current slide exactly once',
} as const;
