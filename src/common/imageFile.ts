/**
 * The browser's first look at a chosen image: its kind is read from its first bytes with
 * file-type (the library the server uses), so a text file named `.png` is refused at once. The
 * server still checks the whole upload again.
 */
import { fileTypeFromBuffer } from 'file-type/core';
import type { Validator } from 'react-admin';
import { checkField, MAX_IMAGE_BYTES, type FieldRule } from '../domain';
import { chosenFile } from './imagePayload';

/** file-type needs at most this many leading bytes to recognise any image format it knows. */
const SNIFF_BYTES = 4100;

export async function isImageFile(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  const type = await fileTypeFromBuffer(head);
  return Boolean(type?.mime.startsWith('image/'));
}

/**
 * Validator for an image input: the rule's 'required' when no file is chosen, else the file's
 * size and its bytes, with the rule's own messages (the team logo keeps 'Image size should be…').
 */
export const imageValidator =
  (rule: FieldRule): Validator =>
  async (value) => {
    const file = chosenFile(value);
    if (!file) return checkField(rule, value);
    if (!rule.image) return undefined;
    if (file.size > MAX_IMAGE_BYTES) return rule.image.tooLarge;
    return (await isImageFile(file)) ? undefined : rule.image.notAnImage;
  };
