import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { type ImageType, sniffFile } from '../../src/media/sniff';
import {
  MAX_PHOTOS,
  type PhotoCandidate,
  photoRuleBroken,
  SMALL_PHOTO_MAX_BYTES,
  SMALL_PHOTO_QUALITY,
  SMALL_PHOTO_SIDE,
} from '../../src/rules/photos';

/** What this browser can draw on a canvas, and so send smaller: not HEIC/HEIF outside Safari. */
const SHRINKABLE = new Set<ImageType>(['image/jpeg', 'image/png', 'image/webp']);

/**
 * A photo longer than CUSTOMER_PHOTO_SIDE, drawn smaller as a JPEG (orientation kept); anything
 * else as it is. Judged again afterwards, as the server judges what it receives. With it, when
 * the photo is longer than SMALL_PHOTO_SIDE, its small version for the owner's thumbnails (sent
 * beside it; the admin shows the photo itself when there is none).
 */
async function smaller(file: File, type: ImageType | null): Promise<{ file: File; type: ImageType | null; small?: File }> {
  if (!type || !SHRINKABLE.has(type)) return { file, type };
  // Fetched with the first photo picked, not with the form: most requests carry no photo.
  const { CUSTOMER_PHOTO_SIDE, shrinkPhoto } = await import('../shrink-photo');
  const shrunk = await shrinkPhoto(file, CUSTOMER_PHOTO_SIDE);
  const sent = shrunk === file ? { file, type } : { file: shrunk, type: await sniffFile(shrunk) };
  const small = await shrinkPhoto(sent.file, SMALL_PHOTO_SIDE, undefined, SMALL_PHOTO_QUALITY);
  return small === sent.file || small.size > SMALL_PHOTO_MAX_BYTES ? sent : { ...sent, small };
}

/** A photo the visitor has picked and the rules let through, with its preview. */
export interface PickedPhoto {
  file: File;
  type: ImageType;
  /** An object URL for the thumbnail; revoked when the photo is removed or sent. */
  url: string;
  /** Its small version (longest side SMALL_PHOTO_SIDE), sent beside it; none when the photo is that small already. */
  small?: File;
}

/**
 * The photos of a lead form once JavaScript runs: the file input only picks, the photos live
 * here (so one can be removed before sending), each made smaller when it is large (shrink-photo.ts),
 * judged by the shared rules as it is picked (its type from its first bytes, as the server judges
 * it), and sent by the form's post. Without
 * JavaScript the same input simply posts its files.
 */
export function usePhotoPicker(onChange: () => void) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const current = useRef<PickedPhoto[]>([]);
  current.current = photos;

  async function add(files: readonly File[]) {
    const accepted = [...current.current];
    let broken = '';
    for (const picked of files) {
      const { file, type, small } = await smaller(picked, await sniffFile(picked));
      const candidates: PhotoCandidate[] = [...accepted, { file, type }].map((photo) => ({
        name: photo.file.name,
        size: photo.file.size,
        type: photo.type,
      }));
      const rule = photoRuleBroken(candidates);
      if (rule || !type) {
        broken ||= rule?.message ?? '';
        continue;
      }
      accepted.push({ file, type, url: URL.createObjectURL(small ?? file), ...(small ? { small } : {}) });
    }
    setPhotos(accepted);
    setError(broken);
    onChange();
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The input only picks: emptied, so the same photo can be picked again after a remove.
    event.target.value = '';
    void add(files);
  }

  function remove(index: number) {
    const photo = current.current[index];
    if (photo) URL.revokeObjectURL(photo.url);
    setPhotos(current.current.filter((_, i) => i !== index));
    setError('');
    onChange();
  }

  function clear() {
    for (const photo of current.current) URL.revokeObjectURL(photo.url);
    setPhotos([]);
    setError('');
  }

  // Photos picked before the form's script arrived are still in the input: take them over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the island starts
  useEffect(() => {
    const element = input.current;
    if (element?.files?.length) {
      const files = [...element.files];
      element.value = '';
      void add(files);
    }
    return () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.url);
    };
  }, []);

  return { photos, error, input, onPick, remove, clear, full: photos.length >= MAX_PHOTOS };
}

export type PhotoPicker = ReturnType<typeof usePhotoPicker>;
