import {
  contentImageName,
  type ContentImage,
  type ContentImageStore,
} from "~/server/backend/built-in/content-images.server";
import { usedBuiltInStore } from "~/server/backend/running-backends.server";

/**
 * The uploaded images as the media route serves them, from a small cache in this process: a page view that shows a
 * hot image costs no query. A name is its bytes' hash, so a cached file is never stale; it is only dropped after a
 * while (`maxAgeMs`), so an image the store erased stops being served by every replica soon after, and the cache
 * stays within `maxBytes` by dropping the least recently served.
 */

export interface ServedImages {
  /** The file under `name`, or undefined for a name the store does not hold. */
  lookup(name: string): Promise<ContentImage | undefined>;
  /** Forgets everything (tests). */
  clear(): void;
}

export function createServedImages(
  store: () => ContentImageStore | undefined,
  { maxBytes = 32 * 1024 * 1024, maxAgeMs = 10 * 60_000 } = {},
): ServedImages {
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recently served.
  const cached = new Map<string, { image: ContentImage; until: number }>();
  let bytes = 0;
  const drop = (name: string) => {
    const entry = cached.get(name);
    if (!entry) return;
    cached.delete(name);
    bytes -= entry.image.bytes.byteLength;
  };
  return {
    async lookup(name) {
      if (!contentImageName.test(name)) return undefined;
      const hit = cached.get(name);
      if (hit && hit.until > Date.now()) {
        cached.delete(name);
        cached.set(name, hit);
        return hit.image;
      }
      drop(name);
      const images = store();
      const image = images && (await images.get(name));
      if (!image || image.bytes.byteLength > maxBytes) return image;
      cached.set(name, { image, until: Date.now() + maxAgeMs });
      bytes += image.bytes.byteLength;
      for (const oldest of cached.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
      return image;
    },
    clear() {
      cached.clear();
      bytes = 0;
    },
  };
}

/** The running site's: the media route's, from the running app's store. */
export const servedImages = createServedImages(() => usedBuiltInStore()?.contentImages);
