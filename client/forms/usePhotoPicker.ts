import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { MAX_PHOTOS } from '../../src/rules/photo-fields';
import type { PickedPhoto } from './picked-photo';

const PHOTOS_NOT_ADDED = 'Your photos could not be added: please check your connection and choose them again.';

/**
 * The photos of a lead form once JavaScript runs: the file input only picks, the photos live
 * here (so one can be removed before sending), each made smaller when it is large and judged by
 * the shared rules as it is picked (photo-intake.ts, fetched with the first photo), and sent by
 * the form's post. Without JavaScript the same input simply posts its files.
 *
 * On a slow phone the photo code and the drawing take seconds: meanwhile `adding` says so, picks
 * are taken one after another (two at once would each start from the same list and the second
 * would drop the first's photos), and a send waits for them (`settled`) instead of leaving the
 * photo just picked behind.
 */
export function usePhotoPicker(onChange: () => void) {
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [error, setError] = useState('');
  const [adding, setAdding] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  const current = useRef<PickedPhoto[]>([]);
  current.current = photos;
  const queue = useRef<Promise<void>>(Promise.resolve());

  async function take(files: readonly File[]) {
    let intake: typeof import('./photo-intake');
    try {
      intake = await import('./photo-intake');
    } catch {
      // The connection dropped before the photo code arrived: nothing is lost but the pick.
      setError(PHOTOS_NOT_ADDED);
      return;
    }
    const { accepted, broken } = await intake.takePhotos(files, current.current);
    // Now, not at the next render: a pick queued behind this one starts from these.
    current.current = accepted;
    setPhotos(accepted);
    setError(broken);
    onChange();
  }

  function add(files: readonly File[]) {
    setAdding((n) => n + 1);
    queue.current = queue.current
      .then(() => take(files))
      // Whatever went wrong with this pick, the next is still taken.
      .catch(() => setError(PHOTOS_NOT_ADDED))
      .finally(() => setAdding((n) => n - 1));
  }

  /** The photos once every pick still being taken is in: what a send carries. */
  async function settled(): Promise<readonly PickedPhoto[]> {
    await queue.current;
    return current.current;
  }

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const files = [...(event.target.files ?? [])];
    // The input only picks: emptied, so the same photo can be picked again after a remove.
    event.target.value = '';
    add(files);
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
      add(files);
    }
    return () => {
      for (const photo of current.current) URL.revokeObjectURL(photo.url);
    };
  }, []);

  return { photos, error, adding: adding > 0, settled, input, onPick, remove, clear, full: photos.length >= MAX_PHOTOS };
}

export type PhotoPicker = ReturnType<typeof usePhotoPicker>;
