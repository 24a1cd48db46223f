import type { ContentData } from "~/content/parts";
import { personGroupLabels, personGroups, type PhotoTarget } from "~/forms/content-photo";
import { contentImagesPath, type NewContentImage } from "~/server/backend/built-in/content-images.server";

/**
 * Where an uploaded photo goes in the content: appended to the gallery as a new item, or as a person's portrait, or a
 * club's logo, with its alt text in both languages. The change is one new version of the part that names it.
 */

/** One choice of the form's "What is this photo for?". */
export interface PhotoChoice {
  value: string;
  label: string;
}

export interface PhotoChoices {
  gallery: PhotoChoice;
  people: { group: string; choices: PhotoChoice[] }[];
  clubs: PhotoChoice[];
}

/** The choices the current content offers: the gallery, every person with a portrait, every club. */
export function photoChoices(content: Pick<Partial<ContentData>, "people" | "clubs">): PhotoChoices {
  const people = content.people;
  return {
    gallery: { value: "gallery", label: "A new gallery photo" },
    people: people
      ? personGroups.map((group) => ({
          group: personGroupLabels[group],
          choices: people[group].map((person, index) => ({
            value: `person:${group}:${index}`,
            label: "role" in person ? `${person.name} (${person.role.en})` : person.name,
          })),
        }))
      : [],
    clubs: (content.clubs ?? []).map((club) => ({ value: `club:${club.slug}`, label: `${club.name} logo` })),
  };
}

type Alt = { en: string; hi: string };

/** The parts a photo can change. */
export type PhotoPart = "gallery" | "people" | "clubs";

export type PlacedPhoto =
  | { ok: true; part: "gallery"; data: ContentData["gallery"] }
  | { ok: true; part: "people"; data: ContentData["people"] }
  | { ok: true; part: "clubs"; data: ContentData["clubs"] }
  | { ok: false };

/** The part's new value with the photo in its place; not ok when the person or club is no longer there. */
export function placePhoto(
  content: Partial<Pick<ContentData, PhotoPart>>,
  target: PhotoTarget,
  image: NewContentImage,
  alt: Alt,
): PlacedPhoto {
  const picture = { src: `${contentImagesPath}${image.name}`, alt, width: image.width, height: image.height };
  if (target.purpose === "gallery") {
    const gallery = content.gallery ?? [];
    const id = gallery.reduce((highest, item) => Math.max(highest, item.id), 0) + 1;
    return { ok: true, part: "gallery", data: [...gallery, { id, ...picture }] };
  }
  if (target.purpose === "club") {
    const clubs = content.clubs;
    if (!clubs?.some((club) => club.slug === target.slug)) return { ok: false };
    return {
      ok: true,
      part: "clubs",
      data: clubs.map((club) => (club.slug === target.slug ? { ...club, logo: picture } : club)),
    };
  }
  const people = content.people;
  const list = people?.[target.group];
  if (!people || !list || target.index >= list.length) return { ok: false };
  const changed = list.map((person, index) => (index === target.index ? { ...person, image: picture } : person));
  return { ok: true, part: "people", data: { ...people, [target.group]: changed } };
}
