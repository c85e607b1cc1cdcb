/** The image types an upload may be (judged from its bytes by sniffImageType): never SVG or HTML, which can carry script. */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif' | 'image/heic' | 'image/heif';
