import type { ImageType } from '../../src/media/sniff';

/** A photo the visitor has picked and the rules let through, with its preview. */
export interface PickedPhoto {
  file: File;
  type: ImageType;
  /** An object URL for the thumbnail; revoked when the photo is removed or sent. */
  url: string;
  /** Its small version (longest side SMALL_PHOTO_SIDE), sent beside it; none when the photo is that small already. */
  small?: File;
}
