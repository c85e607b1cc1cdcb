import { type ClipboardEvent, type DragEvent, useEffect, useRef, useState } from 'react';
import { MAX_PICTURE_BYTES, PICTURE_ACCEPT, PICTURES_ACCEPTED } from '../../../src/media/picture-rules';
import { MAX_PHOTO_SIDE, shrinkPhoto } from '../../shrink-photo';

export interface PictureDropProps {
  /** The file input's id and name (the label outside points to the id). */
  id: string;
  name: string;
  describedBy?: string;
  invalid?: boolean;
  /**
   * Width / height the picture is trimmed to before it is sent (the post's cover: 16 / 9, how the
   * blog shows it), so the site and a shared link show the same picture. Without JavaScript it
   * goes whole, and the blog trims it.
   */
  aspect?: number;
  typedBeforeStart?: Record<string, string>;
}

const isFileDrag = (event: DragEvent) => [...event.dataTransfer.types].includes('Files');

/**
 * A plain file input for one picture (the post's cover, the Media page's upload), sent with its
 * form. An admin-only island: with JavaScript, a picture can also be dragged onto it or pasted
 * into it, and the chosen one is shown, so a phone's camera-roll choice can be checked before
 * sending. Without it, the input works as it is.
 */
export default function PictureDrop({ id, name, describedBy, invalid, aspect }: PictureDropProps) {
  const input = useRef<HTMLInputElement>(null);
  const [mounted, setMounted] = useState(false);
  const [over, setOver] = useState(false);
  const [chosen, setChosen] = useState<{ url: string; name: string; tooLarge: boolean; smaller?: boolean } | null>(null);

  useEffect(() => setMounted(true), []);
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );

  const describe = (file: File, smaller = false) => ({
    url: URL.createObjectURL(file),
    name: file.name || 'Pasted picture',
    tooLarge: file.size > MAX_PICTURE_BYTES,
    smaller,
  });
  const show = () => {
    const file = input.current?.files?.[0];
    setChosen(file ? describe(file) : null);
    if (file) void sendSmaller(file);
  };
  // A photo longer than MAX_PHOTO_SIDE is swapped, in the input itself, for a smaller JPEG: the
  // form then sends that (the server judges it as any other).
  const sendSmaller = async (file: File) => {
    const smaller = await shrinkPhoto(file, MAX_PHOTO_SIDE, aspect);
    if (smaller === file || !input.current || input.current.files?.[0] !== file) return;
    const one = new DataTransfer();
    one.items.add(smaller);
    input.current.files = one.files;
    setChosen(describe(smaller, true));
  };
  const take = (files: FileList) => {
    if (!input.current || files.length === 0) return;
    const one = new DataTransfer();
    one.items.add(files[0]!);
    input.current.files = one.files;
    show();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the file input inside is the accessible control; dropping and pasting onto it are extras
    <div
      className={`picture-drop${over ? ' picture-drop--over' : ''}`}
      onDragOver={(event) => {
        if (!isFileDrag(event)) return;
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(event) => {
        setOver(false);
        if (!isFileDrag(event)) return;
        event.preventDefault();
        take(event.dataTransfer.files);
      }}
      onPaste={(event: ClipboardEvent) => {
        if (event.clipboardData.files.length === 0) return;
        event.preventDefault();
        take(event.clipboardData.files);
      }}
    >
      <input
        ref={input}
        id={id}
        name={name}
        type="file"
        accept={PICTURE_ACCEPT}
        className="lead-form__control picture-drop__input"
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        onChange={show}
      />
      {mounted && <p className="picture-drop__hint">…or drag a picture here, or paste one.</p>}
      {chosen && (
        <div className="picture-drop__chosen">
          <img
            className={`picture-drop__thumb${aspect ? ' picture-drop__thumb--trimmed' : ''}`}
            src={chosen.url}
            alt=""
            width={aspect ? 128 : 96}
            height={72}
          />
          <span>{chosen.name}</span>
          {chosen.smaller && (
            <span className="picture-drop__note">
              {aspect
                ? 'Trimmed as shown: this is the picture on the blog and when the post is shared.'
                : `Made smaller (${MAX_PHOTO_SIDE} px at most) to send faster.`}
            </span>
          )}
          {chosen.tooLarge && <p className="lead-form__error">{`That file is too large. ${PICTURES_ACCEPTED}`}</p>}
        </div>
      )}
    </div>
  );
}
