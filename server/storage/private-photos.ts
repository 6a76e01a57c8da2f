/**
 * The one-off step after upgrading to private media (`npm run admin -- private-photos`): every
 * registration player's photo still kept as a public `/uploads/…` image is stored again in the
 * private store, under a new name (the old one was public, and a bucket's public address may
 * still be known), with its sizes; the row is pointed at `/media/<new name>`; then the public
 * file and its sizes go, unless another record still holds them. Running it again moves nothing.
 * A crash between steps leaves at worst an unreferenced file, which the orphan sweep removes.
 */
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../db/connection';
import { referencedUploads } from '../repositories/uploads';
import type { Images } from './saved-images';
import { storedNameOf, UPLOADS_PREFIX } from './store';

export interface PrivatePhotosSummary {
  /** Photos now private. */
  moved: number;
  /** Public URLs whose file the store does not hold (their rows are left as they are). */
  absent: string[];
  /** Stored bytes that are no image. */
  unreadable: string[];
}

export async function movePhotosToPrivate(db: Db, images: Images): Promise<PrivatePhotosSummary> {
  const rows = await db.selectFrom('registration_players').select('photo').distinct().where('photo', 'like', `${UPLOADS_PREFIX}%`).execute();
  const summary: PrivatePhotosSummary = { moved: 0, absent: [], unreadable: [] };
  const movedFrom: string[] = [];
  for (const { photo: url } of rows) {
    const name = storedNameOf(url);
    const bytes = name && (await images.store.get(name));
    if (!url || !bytes) {
      summary.absent.push(url ?? '');
      continue;
    }
    const type = await fileTypeFromBuffer(bytes);
    if (!type?.mime.startsWith('image/')) {
      summary.unreadable.push(url);
      continue;
    }
    const moved = await images.fans.save({ buffer: bytes, ext: type.ext, mime: type.mime });
    try {
      await db.updateTable('registration_players').set({ photo: moved }).where('photo', '=', url).execute();
    } catch (error) {
      await images.remove(moved);
      throw error;
    }
    movedFrom.push(url);
    summary.moved++;
  }
  // Read once, after every row moved: a public image another record holds (the same file on a player's page) stays.
  const held = await referencedUploads(db);
  for (const url of movedFrom) if (!held.has(url)) await images.remove(url);
  return summary;
}

/** The operator's line about the one-off step. */
export const describePrivatePhotos = ({ moved, absent, unreadable }: PrivatePhotosSummary) =>
  [
    `Moved ${moved} player photo${moved === 1 ? '' : 's'} to the private store.`,
    absent.length > 0 ? `${absent.length} referenced photo${absent.length === 1 ? ' is' : 's are'} not in the store: ${absent.slice(0, 5).join(', ')}${absent.length > 5 ? ', …' : ''}.` : '',
    unreadable.length > 0 ? `${unreadable.length} could not be read as images: ${unreadable.slice(0, 5).join(', ')}${unreadable.length > 5 ? ', …' : ''}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
