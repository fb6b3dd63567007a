import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type';

export interface SniffedImage {
  ext: 'jpg' | 'png' | 'webp';
  mime: 'image/jpeg' | 'image/png' | 'image/webp';
}

const ACCEPTED: Record<string, SniffedImage> = {
  'image/jpeg': { ext: 'jpg', mime: 'image/jpeg' },
  'image/png': { ext: 'png', mime: 'image/png' },
  'image/webp': { ext: 'webp', mime: 'image/webp' },
};

/**
 * Judges an upload by its bytes (magic numbers), not by its name or the browser's claimed type:
 * a `.png` holding HTML or a script is refused. Returns null for anything but JPEG, PNG or WebP.
 */
export async function sniffImage(bytes: Uint8Array): Promise<SniffedImage | null> {
  const type = await fileTypeFromBuffer(bytes);
  return (type && ACCEPTED[type.mime]) ?? null;
}

/** `sniffImage` for a file on disk: reads only the few bytes the magic numbers need. */
export async function sniffImageFile(path: string): Promise<SniffedImage | null> {
  const type = await fileTypeFromFile(path);
  return (type && ACCEPTED[type.mime]) ?? null;
}
