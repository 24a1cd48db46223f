import type { In } from "~/content/content-in";
import type { GalleryImage } from "~/content/schemas";
import { Img } from "~/components/image";

/**
 * The event gallery: 2 columns on phones up to 5 on large screens. Tiles below the first row are lazily loaded; every
 * tile keeps its box from the first paint (width, height and a fixed aspect ratio), so the page never shifts as images
 * arrive.
 */
export function GalleryGrid({ images }: { images: In<GalleryImage>[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 lg:grid-cols-5">
      {images.map((image, index) => (
        <li key={image.id} className="overflow-hidden rounded-xl bg-slate-100 shadow-sm ring-1 ring-slate-200">
          <Img
            image={image}
            alt={image.alt}
            // The first tile is the page's largest image on a phone; the first row is above the fold on any screen.
            loading={index === 0 ? "priority" : index < 5 ? "eager" : "lazy"}
            className="aspect-[4/3] w-full object-cover transition-transform duration-500 hover:scale-105 motion-reduce:transition-none"
          />
        </li>
      ))}
    </ul>
  );
}
