/**
 * The council's photo upload (/council/content/photos): what a photo may be for, its limits and its messages. The
 * council's pages are English; the alt text the photo gets is written in both languages.
 */

/** What a photo is for: a new gallery item, a person's portrait, a club's logo. */
export type PhotoPurpose = "gallery" | "person" | "club";

/** The largest photo accepted: far above a phone camera's JPEG (3 to 8 MB). */
export const photoMaxBytes = 10 * 1024 * 1024;

/** The whole form's body: the photo and its few text fields. Past it, 413 and the connection is closed. */
export const photoFormMaxBytes = photoMaxBytes + 256 * 1024;

/** An alt text's longest: a sentence or two, as the content's alt texts are. */
export const altTextMaxLength = 300;

/** The file types the picker offers; the server reads the bytes whatever the picker allowed. */
export const photoAccept = "image/jpeg,image/png,image/webp,image/avif,image/heif,image/heic,image/gif,image/tiff";

/** The form's fields, named once. */
export const photoFields = {
  target: "target",
  altEn: "altEn",
  altHi: "altHi",
  photo: "photo",
  galleryVersion: "galleryVersion",
  peopleVersion: "peopleVersion",
  clubsVersion: "clubsVersion",
} as const;

export const photoMessages = {
  target: "Choose what the photo is for.",
  targetGone: "That person or club is no longer in the content. Choose again.",
  altEn: "Describe the photo in English.",
  altHi: "Describe the photo in Hindi.",
  altTooLong: `Keep the description to ${altTextMaxLength} characters.`,
  photo: "Choose a photo.",
  photoTooLarge: `The photo must be ${photoMaxBytes / 1024 / 1024} MB or smaller.`,
  notAnImage: "This file is not a photo. Choose a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF image.",
  tooManyPixels: "This photo has more than 64 million pixels. Make it smaller and upload it again.",
  changed:
    "Someone else changed this part of the content after you opened the page, so nothing was saved. The page now shows their version: choose the photo again and upload it.",
  unavailable: "The store cannot be reached just now. Nothing was saved; try again in a minute.",
  invalid: "The content would not be valid with this photo, so nothing was saved.",
} as const;

/** What a target's value says: `gallery`, `club:<slug>`, `person:<group>:<index>`. */
export type PhotoTarget =
  { purpose: "gallery" } | { purpose: "club"; slug: string } | { purpose: "person"; group: PersonGroup; index: number };

/** The lists of people.json whose entries have a portrait. */
export const personGroups = ["leaders", "mentorHeads", "subMentors", "officeBearers", "developers"] as const;
export type PersonGroup = (typeof personGroups)[number];

export const personGroupLabels: Record<PersonGroup, string> = {
  leaders: "Leaders",
  mentorHeads: "Mentor heads",
  subMentors: "Mentors",
  officeBearers: "Office bearers",
  developers: "Developers",
};

export function parsePhotoTarget(value: string): PhotoTarget | undefined {
  if (value === "gallery") return { purpose: "gallery" };
  const club = /^club:(.{1,100})$/.exec(value);
  if (club) return { purpose: "club", slug: club[1]! };
  const person = /^person:([A-Za-z]+):(\d{1,3})$/.exec(value);
  const group = person?.[1] as PersonGroup | undefined;
  if (person && group && (personGroups as readonly string[]).includes(group))
    return { purpose: "person", group, index: Number(person[2]) };
  return undefined;
}
