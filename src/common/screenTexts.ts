/**
 * A resource's texts (VIDEO_TEXTS, NEWS_TEXTS… in src/domain/messages.ts) name their screen texts
 * the same way, so the frames read them straight from there: `texts={listTexts(NEWS_TEXTS)}`.
 */
import type { EditTexts } from './ResourceCreateEdit';
import type { ListTexts } from './ResourceList';
import type { DetailTexts } from './ResourceShow';

type Named = { listTitle: string; searchPlaceholder: string; loading: string; addNew?: string };
type DetailNamed = { detailTitle: string; loadingDetail: string; backToList: string; fetchFailure: string };
type EditNamed = { editTitle: string; editLoading: string; editLoadFailure: string; backToList: string };

export const listTexts = (texts: Named): ListTexts => ({
  title: texts.listTitle,
  search: texts.searchPlaceholder,
  loading: texts.loading,
  addNew: texts.addNew,
});

/** `notFound` is the entity's 'X not found' (NOT_FOUND in messages.ts, shared with the server). */
export const detailTexts = (texts: DetailNamed, notFound: string): DetailTexts => ({
  title: texts.detailTitle,
  loading: texts.loadingDetail,
  notFound,
  backToList: texts.backToList,
  failure: texts.fetchFailure,
});

export const editTexts = (texts: EditNamed, notFound: string): EditTexts => ({
  title: texts.editTitle,
  loading: texts.editLoading,
  loadFailure: texts.editLoadFailure,
  notFound,
  backToList: texts.backToList,
});
