import { preload } from "react-dom";

/** What every content image carries: its file and its intrinsic size (the alt text is given where it is used). */
export interface ImageFile {
  src: string;
  width: number;
  height: number;
}

/**
 * How an image loads. "lazy" (the default) for anything that may sit below the fold; "eager" for images near the
 * top that are not the page's largest paint; "priority" for the largest paint itself: fetched first (preloaded from
 * the <head>, before the parser reaches it) and never lazy.
 *
 * A lazy image also asks for low priority: Chrome raises an image it finds in the viewport to high priority once the
 * page is laid out, so the lazy logos on a phone's first screen of /clubs shared the slow network with the largest
 * paint and held it back (Lighthouse's LCP 1.23 s, 1.07 s with this; three runs each).
 */
export type ImageLoading = "lazy" | "eager" | "priority";

/**
 * A content image with its width and height always set, so nothing shifts while it arrives, and decoded off the
 * main thread. Sizing stays with the caller's classes.
 */
export function Img({
  image,
  alt,
  loading = "lazy",
  className,
  hidden,
}: {
  image: ImageFile;
  alt: string;
  loading?: ImageLoading;
  className?: string;
  hidden?: boolean;
}) {
  if (loading === "priority") preload(image.src, { as: "image", fetchPriority: "high" });
  return (
    <img
      src={image.src}
      alt={alt}
      width={image.width}
      height={image.height}
      loading={loading === "lazy" ? "lazy" : undefined}
      fetchPriority={loading === "priority" ? "high" : loading === "lazy" ? "low" : undefined}
      decoding={loading === "priority" ? undefined : "async"}
      hidden={hidden}
      className={className}
    />
  );
}
