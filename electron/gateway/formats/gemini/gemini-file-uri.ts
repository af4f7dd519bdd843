const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
};

const extensionOf = (uri: string): string => {
  const path = uri.split(/[?#]/, 1)[0] ?? '';
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot + 1).toLowerCase() : '';
};

/** Google Cloud Storage and Gemini Files API URIs: the only image URLs Gemini fetches itself. */
export const isGeminiFileUri = (url: string): boolean =>
  url.startsWith('gs://') || url.startsWith('https://generativelanguage.googleapis.com/');

export const isImageUri = (uri: string): boolean => extensionOf(uri) in IMAGE_TYPES;

/**
 * The canonical image URL has no MIME type, and `fileData` needs one: guess it from the file
 * extension; Files API URIs have none and default to JPEG.
 */
export const imageMimeTypeOf = (uri: string): string =>
  IMAGE_TYPES[extensionOf(uri)] ?? 'image/jpeg';
