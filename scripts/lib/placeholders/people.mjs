import { FONT, escape, hash, hsl, initials, linearGradient, svg } from "./svg.mjs";

// ---------------------------------------------------------------------------------------------------------------
// Portraits: an abstract head and shoulders on a gradient, the initials in the head (320×320)

const SHOULDERS = "M40 320c0-78 52-122 120-122s120 44 120 122z";

/** Hues that stay clear, not muddy, on a dark gradient (yellow-greens turn olive). */
const PORTRAIT_HUES = [0, 15, 160, 175, 195, 210, 225, 245, 265, 285, 305, 325, 345];

/** @param {string} name */
export function portrait(name) {
  const hue = PORTRAIT_HUES[hash(name) % PORTRAIT_HUES.length] ?? 0;
  const letters = initials(name);
  const size = letters.length > 2 ? 36 : 46;
  return svg(
    320,
    320,
    `<defs>${linearGradient("g", hsl(hue, 62, 46), hsl(hue + 40, 66, 26))}</defs>` +
      `<rect width="320" height="320" fill="url(#g)"/>` +
      `<circle cx="160" cy="160" r="150" fill="#fff" opacity=".06"/>` +
      `<path d="${SHOULDERS}" fill="#fff" opacity=".3"/>` +
      `<circle cx="160" cy="118" r="66" fill="#fff" opacity=".92"/>` +
      `<text x="160" y="118" dy=".35em" text-anchor="middle" font-size="${size}" font-weight="700" fill="${hsl(hue + 40, 66, 26)}" ${FONT}>${escape(letters)}</text>`,
  );
}

/** The photo of a blank bearer role; the page hides the role, but the data still names a photo. */
export function vacantPortrait() {
  return svg(
    320,
    320,
    `<defs>${linearGradient("g", "#cbd5e1", "#64748b")}</defs>` +
      `<rect width="320" height="320" fill="url(#g)"/>` +
      `<path d="${SHOULDERS}" fill="#fff" opacity=".35"/>` +
      `<circle cx="160" cy="118" r="66" fill="#fff" opacity=".6"/>`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// Club monograms (256×256): a distinct hue per club, in data order, and a short monogram

/** @type {Partial<Record<string, string>>} */
const MONOGRAMS = {
  alumni: "AR",
  coding: "CC",
  cultural: "CE",
  cyber: "CY",
  dance: "DS",
  drone: "DR",
  elite: "EL",
  "e.v.": "EV",
  environment: "EN",
  entrepreneurship: "EC",
  ieee: "IEEE",
  literary: "LC",
  media: "MF",
  music: "MS",
  nss: "NSS",
  renewable: "RE",
  robotics: "RC",
  tech: "TW",
  wings: "W",
};

/** Font sizes by the monogram's length; longer ones get 58. */
/** @type {Partial<Record<number, number>>} */
const MONOGRAM_SIZES = { 1: 112, 2: 92, 3: 72 };

/**
 * @param {{ slug: string, name: string }} club
 * @param {number} index
 * @param {number} count
 */
export function monogram(club, index, count) {
  // Spread over the wheel but skip 45°–100°, where yellow-greens turn olive on a dark gradient.
  const hue = 100 + (index * 305) / count;
  const letters = MONOGRAMS[club.slug.toLowerCase()] ?? initials(club.name);
  const size = MONOGRAM_SIZES[letters.length] ?? 58;
  // Eight dots around the ring, turned a little per club, so logos differ in shape as well as colour.
  const dots = Array.from({ length: 8 }, (_, i) => {
    const angle = ((i * 45 + index * 11) * Math.PI) / 180;
    return `<circle cx="${Math.round(128 + 104 * Math.cos(angle))}" cy="${Math.round(128 + 104 * Math.sin(angle))}" r="5" fill="#fff" opacity=".55"/>`;
  }).join("");
  return svg(
    256,
    256,
    `<defs>${linearGradient("g", hsl(hue, 70, 44), hsl(hue + 35, 72, 24))}</defs>` +
      `<rect width="256" height="256" rx="40" fill="url(#g)"/>` +
      `<circle cx="128" cy="128" r="90" fill="none" stroke="#fff" stroke-width="3" opacity=".5"/>${dots}` +
      `<text x="128" y="128" dy=".35em" text-anchor="middle" font-size="${size}" font-weight="800" letter-spacing="-2" fill="#fff" ${FONT}>${escape(letters)}</text>`,
  );
}
