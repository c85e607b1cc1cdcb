/**
 * The image types an upload may be, as its first bytes say (sniffImageType): what the lead forms'
 * photos and the owner's pictures are checked against. SVG and HTML are deliberately absent:
 * both can carry script.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/heic' | 'image/heif';
