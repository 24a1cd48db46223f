#!/usr/bin/env node
// Generates the sample images, the sample download and (on request) the PNGs and videos the site ships, so the site
// looks complete offline until the council swaps in real photos.
//
//   node scripts/generate-placeholders.mjs            sample images, the favicon and the sample PDF
//   node scripts/generate-placeholders.mjs --png      also share-card.png and apple-touch-icon.png
//   node scripts/generate-placeholders.mjs --video    also public/media/*.webm (needs ffmpeg with libvpx and libopus:
//                                                      `apt-get update && apt-get install -y ffmpeg`)
// Images are drawn as SVG and rendered by Chromium (Debian's package or CHROMIUM_PATH, via playwright-core).
//
// Which files to draw is read from data/*.json: every path the data names under /images/samples/ gets a drawing,
// and that folder holds nothing else, so it is emptied first. A real photo goes anywhere else under /images/ and
// this script never touches it; rerunning the script after a data edit draws exactly what the data needs.
//
// Portraits, logos and event pictures are WebP: a browser gives every SVG image a document of its own, parsed,
// styled and laid out on the page's main thread (about 10 ms each on a fast machine, four times that on a cheap
// phone), where a WebP is decoded off it. The gallery's 40 tiles and the video posters stay SVG: simple drawings
// whose SVG is a fraction of the WebP's bytes, which on a slow network delayed the page's largest paint (decision 13).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromiumFlags, chromiumPath } from "./lib/chromium.mjs";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const publicDir = join(root, "public");
/**
 * One of data/*.json, read afresh from disk (the caller names its type).
 * @param {string} name
 * @returns {unknown}
 */
const readData = (name) => JSON.parse(readFileSync(join(root, "data", `${name}.json`), "utf8"));

const site = /** @type {typeof import("../data/site.json")} */ (readData("site"));
const clubs = /** @type {typeof import("../data/clubs.json")} */ (readData("clubs"));
const people = /** @type {typeof import("../data/people.json")} */ (readData("people"));
const events = /** @type {typeof import("../data/events.json")} */ (readData("events"));
const gallery = /** @type {typeof import("../data/gallery.json")} */ (readData("gallery"));

const FONT = `font-family="Inter,'Segoe UI',Roboto,Arial,'Liberation Sans',sans-serif"`;

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

/**
 * Stable 32-bit hash, so a name always gets the same colour and every run writes identical files.
 * @param {string} text
 */
function hash(text) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * Seeded pseudo-random numbers (mulberry32): gallery tiles vary, but the same id always draws the same tile.
 * @param {number} seed
 * @returns {() => number} numbers from 0 up to (not including) 1
 */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A colour as hex: shorter than hsl() in the hundreds of shapes the tiles draw, which keeps each SVG under 3 KB.
 * @param {number} h hue in degrees
 * @param {number} s saturation in per cent
 * @param {number} l lightness in per cent
 */
function hsl(h, s, l) {
  const hue = ((h % 360) + 360) % 360;
  const a = (s / 100) * Math.min(l / 100, 1 - l / 100);
  const channel = (/** @type {number} */ n) => {
    const k = (n + hue / 30) % 12;
    const value = l / 100 - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}
const escape = (/** @type {string} */ text) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * @param {number} width
 * @param {number} height
 * @param {string} body
 */
function svg(width, height, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

/**
 * @param {string} id
 * @param {string} from
 * @param {string} to
 * @param {[number, number, number, number]} [direction] x1, y1, x2, y2
 */
function linearGradient(id, from, to, [x1, y1, x2, y2] = [0, 0, 1, 1]) {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** @type {[publicPath: string, bytes: number][]} */
const written = [];
/**
 * @param {string} publicPath
 * @param {string | Buffer} content
 */
function write(publicPath, content) {
  const file = join(publicDir, publicPath);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  written.push([publicPath, Buffer.byteLength(content)]);
}

/** The folder of drawn samples; everything in it is this script's. */
const samplesFolder = "/images/samples/";
/** WebP quality for the samples: their flat colours and gradients stay clean at 0.6 (0.8 costs a quarter more). */
const sampleQuality = 0.6;
/** A path the data names in the samples folder; its name says the format, WebP or SVG. */
const isSample = (/** @type {string} */ src) => {
  if (!src.startsWith(samplesFolder)) return false;
  if (!/\.(webp|svg)$/.test(src)) throw new Error(`${src}: samples are drawn as WebP or SVG only`);
  return true;
};

/** "Mentor Head 1 (sample)" → "MH1", "Sample Vice President" → "VP": the role, since the names are role-based. */
/** @param {string} name */
function initials(name) {
  const words = name
    .replace(/\(.*?\)/g, "")
    .split(/[\s/&-]+/)
    .filter((word) => word && word.toLowerCase() !== "sample");
  return words
    .map((word) => (/^\d+$/.test(word) ? word : word.charAt(0).toUpperCase()))
    .join("")
    .slice(0, 3);
}

// ---------------------------------------------------------------------------------------------------------------
// Portraits: an abstract head and shoulders on a gradient, the initials in the head (320×320)

const SHOULDERS = "M40 320c0-78 52-122 120-122s120 44 120 122z";

/** Hues that stay clear, not muddy, on a dark gradient (yellow-greens turn olive). */
const PORTRAIT_HUES = [0, 15, 160, 175, 195, 210, 225, 245, 265, 285, 305, 325, 345];

/** @param {string} name */
function portrait(name) {
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
function vacantPortrait() {
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
function monogram(club, index, count) {
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

// ---------------------------------------------------------------------------------------------------------------
// Gallery tiles: abstract event scenes, chosen by the file name ("07-music.svg"), varied by the id

/**
 * A scene for a gallery tile `w` by `h`, its variations drawn from `rand`, its colours around `hue`.
 * @typedef {(w: number, h: number, rand: () => number, hue: number) => string} Scene
 */

/**
 * Heads and shoulders along the bottom edge: one shape in <defs>, placed with <use>.
 * @param {number} w
 * @param {number} h
 * @param {() => number} rand
 * @param {string} color
 */
function crowd(w, h, rand, color, rows = 2) {
  const person = `<defs><g id="p"><circle r="20"/><rect x="-30" y="14" width="60" height="60" rx="28"/></g></defs>`;
  const placed = [];
  for (let row = rows - 1; row >= 0; row--) {
    for (let i = 0; i <= Math.ceil(w / 70); i++) {
      const x = Math.round(i * 70 + row * 35 + rand() * 14);
      const y = Math.round(h - 26 - row * 40 + rand() * 8);
      placed.push(`<use href="#p" x="${x}" y="${y}"${row ? ' opacity=".75"' : ""}/>`);
    }
  }
  return `${person}<g fill="${color}">${placed.join("")}</g>`;
}

/** @satisfies {Record<string, Scene>} */
const SCENES = {
  stage(w, h, rand, hue) {
    const cones = [0.2, 0.5, 0.8]
      .map((at, i) => {
        const x = Math.round(w * at);
        const spread = Math.round(w * (0.12 + rand() * 0.06));
        return `<path d="M${x - 10} 0h20l${spread} ${Math.round(h * 0.75)}h-${2 * spread + 20}z" fill="${hsl(hue + i * 50, 90, 75)}" opacity=".28"/>`;
      })
      .join("");
    return (
      `<defs>${linearGradient("g", hsl(hue, 55, 18), hsl(hue + 30, 60, 8), [0, 0, 0, 1])}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${cones}` +
      `<rect y="${Math.round(h * 0.72)}" width="${w}" height="${h}" fill="${hsl(hue, 40, 22)}"/>` +
      crowd(w, h, rand, "#0b0b14")
    );
  },
  hackathon(w, h, rand, hue) {
    const cols = w > h ? 4 : 3;
    // One laptop (screen, three lines of code, keyboard) in <defs>; each copy gets its own screen colour.
    const laptop =
      `<defs><g id="l"><rect width="120" height="76" rx="6"/><g fill="#0f172a" opacity=".5"><rect x="14" y="16" width="80" height="5"/>` +
      `<rect x="14" y="30" width="56" height="5"/><rect x="26" y="44" width="64" height="5"/></g><rect x="-12" y="76" width="144" height="9" rx="3" fill="#cbd5e1"/></g></defs>`;
    const laptops = Array.from({ length: cols * 2 }, (_, i) => {
      const x = Math.round(((i % cols) + 0.5) * (w / cols) - 60);
      const y = Math.round(h * (i < cols ? 0.38 : 0.62));
      return `<use href="#l" x="${x}" y="${y}" fill="${hsl(hue - 50 + rand() * 60, 80, 64)}"/>`;
    }).join("");
    return (
      `<defs>${linearGradient("g", hsl(hue, 60, 22), hsl(hue + 20, 70, 10))}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${laptop}${laptops}` +
      crowd(w, h, rand, "#020617", 1)
    );
  },
  festival(w, h, rand, hue) {
    // Bunting in four colours: one path per colour keeps the file small.
    const colours = [hsl(hue + 100, 85, 60), hsl(hue + 170, 85, 60), hsl(hue + 230, 85, 62), hsl(hue + 300, 85, 65)];
    const flags = colours.map(() => "");
    const strings = [0.12, 0.3]
      .map((at, row) => {
        const y = Math.round(h * at);
        for (let i = 0; i * 50 < w; i++) {
          const x = i * 50 + row * 25;
          flags[i % 4] += `M${x} ${y + Math.round(Math.sin((x / w) * Math.PI) * 30)}h34l-17 34z`;
        }
        return `<path d="M0 ${y}Q${w / 2} ${y + 60} ${w} ${y}"/>`;
      })
      .join("");
    const lights = Array.from(
      { length: 18 },
      () =>
        `<circle cx="${Math.round(rand() * w)}" cy="${Math.round(h * (0.38 + rand() * 0.3))}" r="${Math.round(3 + rand() * 5)}"/>`,
    ).join("");
    return (
      `<defs>${linearGradient("g", hsl(hue, 50, 20), hsl(hue + 50, 60, 34), [0, 0, 0, 1])}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/><g stroke="#fde68a" stroke-width="2" fill="none">${strings}</g>` +
      flags.map((d, i) => `<path d="${d}" fill="${colours[i]}"/>`).join("") +
      `<g fill="#fde68a" opacity=".7">${lights}</g>` +
      crowd(w, h, rand, "#1e1b2e")
    );
  },
  sports(w, h, rand, hue) {
    const lanes = Array.from({ length: 5 }, (_, i) => {
      const y = Math.round(h * 0.55 + i * 40);
      return `<path d="M-20 ${y + 60}Q${w / 2} ${y - 40} ${w + 20} ${y + 60}" stroke="#fff" stroke-width="4" fill="none" opacity=".8"/>`;
    }).join("");
    const ball = { x: Math.round(w * (0.3 + rand() * 0.4)), y: Math.round(h * 0.82) };
    return (
      `<rect width="${w}" height="${h}" fill="${hsl(200 + rand() * 15, 75, 74)}"/>` +
      `<circle cx="${Math.round(w * 0.8)}" cy="${Math.round(h * 0.18)}" r="46" fill="#fde047"/>` +
      `<rect y="${Math.round(h * 0.48)}" width="${w}" height="${h}" fill="${hsl(hue, 55, 45)}"/>${lanes}` +
      `<circle cx="${ball.x}" cy="${ball.y}" r="34" fill="#fff" stroke="#0f172a" stroke-width="4"/>` +
      `<path d="M${ball.x} ${ball.y - 14}l13 9-5 15h-16l-5-15z" fill="#0f172a"/>`
    );
  },
  workshop(w, h, rand, hue) {
    const board = `<rect x="${Math.round(w * 0.2)}" y="${Math.round(h * 0.1)}" width="${Math.round(w * 0.6)}" height="${Math.round(h * 0.28)}" rx="8" fill="#f8fafc"/>`;
    const chart = [0.3, 0.42, 0.54, 0.66]
      .map((at) => {
        const bar = Math.round(h * (0.06 + rand() * 0.16));
        return `<rect x="${Math.round(w * at)}" y="${Math.round(h * 0.35) - bar}" width="${Math.round(w * 0.07)}" height="${bar}" fill="${hsl(hue + at * 200, 70, 50)}"/>`;
      })
      .join("");
    const tables = [0.3, 0.7]
      .map((at) => {
        const cx = Math.round(w * at);
        const cy = Math.round(h * 0.68);
        const seats = [-70, 0, 70]
          .map(
            (dx) => `<circle cx="${cx + dx}" cy="${cy - 58}" r="20"/><circle cx="${cx + dx}" cy="${cy + 62}" r="20"/>`,
          )
          .join("");
        return `<g fill="${hsl(hue + 180, 30, 25)}">${seats}</g><rect x="${cx - 110}" y="${cy - 30}" width="220" height="60" rx="12" fill="${hsl(hue + 20, 45, 58)}"/>`;
      })
      .join("");
    return `<rect width="${w}" height="${h}" fill="${hsl(hue, 45, 88)}"/>${board}${chart}${tables}`;
  },
  plantation(w, h, rand, hue) {
    const count = w > h ? 6 : 4;
    const saplings = Array.from({ length: count }, (_, i) => {
      const x = Math.round(((i + 0.5) * w) / count);
      const y = Math.round(h * 0.72);
      const tall = Math.round(70 + rand() * 60);
      const leaf = hsl(110 + rand() * 30, 55, 38);
      return (
        `<path d="M${x} ${y}v-${tall}" stroke="#7c4a1e" stroke-width="6"/>` +
        `<ellipse cx="${x - 18}" cy="${y - tall + 20}" rx="22" ry="10" fill="${leaf}" transform="rotate(-30 ${x - 18} ${y - tall + 20})"/>` +
        `<ellipse cx="${x + 18}" cy="${y - tall + 6}" rx="22" ry="10" fill="${leaf}" transform="rotate(30 ${x + 18} ${y - tall + 6})"/>` +
        `<ellipse cx="${x}" cy="${y + 4}" rx="34" ry="10" fill="#5b3716"/>`
      );
    }).join("");
    return (
      `<defs>${linearGradient("g", hsl(hue, 70, 80), "#fef9c3", [0, 0, 0, 1])}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
      `<circle cx="${Math.round(w * 0.2)}" cy="${Math.round(h * 0.2)}" r="50" fill="#facc15"/>` +
      `<rect y="${Math.round(h * 0.7)}" width="${w}" height="${h}" fill="#8b5a2b"/>${saplings}`
    );
  },
  music(w, h, rand, hue) {
    const notes = Array.from({ length: 7 }, (_, i) => {
      const x = Math.round(w * (0.08 + ((i + rand() * 0.5) / 7) * 0.84));
      const y = Math.round(h * (0.12 + rand() * 0.35));
      return `<ellipse cx="${x}" cy="${y}" rx="14" ry="10" transform="rotate(-20 ${x} ${y})"/><rect x="${x + 11}" y="${y - 52}" width="4" height="52"/>`;
    }).join("");
    const players = [0.25, 0.5, 0.75]
      .map((at) => {
        const x = Math.round(w * at);
        const y = Math.round(h * 0.62);
        return `<circle cx="${x}" cy="${y}" r="26"/><path d="M${x - 44} ${y + 130}q0-100 44-100t44 100z"/>`;
      })
      .join("");
    return (
      `<defs>${linearGradient("g", hsl(hue, 65, 30), hsl(hue + 50, 70, 14))}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/><g fill="#f9a8d4" opacity=".85">${notes}</g>` +
      `<rect y="${Math.round(h * 0.8)}" width="${w}" height="${h}" fill="${hsl(hue + 20, 40, 20)}"/><g fill="#0f0a1e">${players}</g>`
    );
  },
  award(w, h, rand, hue) {
    const base = Math.round(h * 0.86);
    /** @type {(x: number, height: number, color: string) => string} */
    const step = (x, height, color) =>
      `<rect x="${Math.round(x)}" y="${base - height}" width="${Math.round(w * 0.2)}" height="${height}" fill="${color}"/>`;
    const cx = Math.round(w / 2);
    const top = base - 170;
    const confetti = Array.from({ length: 22 }, (_, i) => {
      const x = Math.round(rand() * w);
      const y = Math.round(rand() * h * 0.5);
      return `<rect x="${x}" y="${y}" width="12" height="6" fill="${hsl(hue + i * 37, 85, 60)}" transform="rotate(${Math.round(rand() * 180)} ${x} ${y})"/>`;
    }).join("");
    return (
      `<defs>${linearGradient("g", hsl(hue, 50, 24), hsl(hue + 30, 55, 12), [0, 0, 0, 1])}</defs>` +
      `<rect width="${w}" height="${h}" fill="url(#g)"/>${confetti}` +
      step(w * 0.2, 80, "#94a3b8") +
      step(w * 0.4, 130, "#eab308") +
      step(w * 0.6, 55, "#b45309") +
      `<path d="M${cx - 40} ${top - 110}h80q0 60-40 70-40-10-40-70z" fill="#facc15"/>` +
      `<rect x="${cx - 8}" y="${top - 42}" width="16" height="26" fill="#ca8a04"/><rect x="${cx - 28}" y="${top - 18}" width="56" height="14" rx="3" fill="#ca8a04"/>`
    );
  },
};

/** Each scene's colour family, so tiles vary without turning a night stage olive. */
/** @satisfies {Record<keyof typeof SCENES, number>} */
const SCENE_HUES = {
  stage: 260,
  hackathon: 225,
  festival: 250,
  sports: 15,
  workshop: 30,
  plantation: 195,
  music: 290,
  award: 230,
};

/** @param {{ id: number, src: string, width: number, height: number }} tile */
function galleryTile({ id, src, width, height }) {
  const names = /** @type {(keyof typeof SCENES)[]} */ (Object.keys(SCENES));
  const scene = names.find((name) => src.includes(name)) ?? "stage";
  const hue = SCENE_HUES[scene] + ((id * 37) % 70) - 35;
  return svg(width, height, SCENES[scene](width, height, random(hash(src)), hue));
}

// ---------------------------------------------------------------------------------------------------------------
// Tarang category images (640×400)

/** @type {Partial<Record<string, string>>} */
const TARANG = {
  rampWalk:
    `<defs>${linearGradient("g", "#4c0519", "#1e1b4b", [0, 0, 0, 1])}</defs><rect width="640" height="400" fill="url(#g)"/>` +
    `<path d="M290 150h60l140 250H150z" fill="#fecdd3" opacity=".85"/><path d="M320 0l-90 400h180z" fill="#fff" opacity=".12"/>` +
    `<g fill="#1e1b4b"><circle cx="320" cy="190" r="18"/><path d="M304 212h32l14 88h-22l-8 60h-10l-6-60h-14l6-60z"/></g>` +
    `<g fill="#fde68a"><circle cx="180" cy="40" r="10"/><circle cx="460" cy="40" r="10"/></g>`,
  danceDetails:
    `<defs>${linearGradient("g", "#7c2d12", "#be123c")}</defs><rect width="640" height="400" fill="url(#g)"/>` +
    `<g fill="none" stroke="#fed7aa" stroke-width="4" opacity=".6"><path d="M90 300q120-200 240-60"/><path d="M330 100q140 20 220 200"/></g>` +
    `<g fill="#fff7ed"><circle cx="250" cy="120" r="22"/><path d="M236 146h28l40-40 14 14-44 50 10 80 36 60-20 10-42-62-24 62-22-8 20-72-40-46 16-14z"/>` +
    `<circle cx="420" cy="150" r="20"/><path d="M406 174h26l34 50-16 10-22-28 4 64 26 70h-22l-22-60-20 60h-22l26-72v-60l-36 30-12-14z"/></g>`,
  openMic:
    `<defs>${linearGradient("g", "#0f172a", "#334155", [0, 0, 0, 1])}</defs><rect width="640" height="400" fill="url(#g)"/>` +
    `<circle cx="320" cy="200" r="170" fill="#fbbf24" opacity=".12"/>` +
    `<rect x="288" y="60" width="64" height="120" rx="32" fill="#e2e8f0"/><g stroke="#94a3b8" stroke-width="3"><path d="M292 100h56M292 120h56M292 140h56"/></g>` +
    `<path d="M270 150v20a50 50 0 0 0 100 0v-20" fill="none" stroke="#e2e8f0" stroke-width="8"/>` +
    `<path d="M320 220v130M270 360h100" stroke="#e2e8f0" stroke-width="10" stroke-linecap="round"/>`,
  musicEvent:
    `<defs>${linearGradient("g", "#312e81", "#6d28d9")}</defs><rect width="640" height="400" fill="url(#g)"/>` +
    `<g fill="#c4b5fd"><ellipse cx="150" cy="130" rx="20" ry="14"/><rect x="166" y="56" width="5" height="74"/><ellipse cx="480" cy="100" rx="20" ry="14"/><ellipse cx="540" cy="86" rx="20" ry="14"/>` +
    `<path d="M496 30h64v8h-64z"/><rect x="496" y="30" width="5" height="70"/><rect x="555" y="30" width="5" height="56"/></g>` +
    `<g transform="rotate(-30 320 250)"><circle cx="290" cy="290" r="70" fill="#f59e0b"/><circle cx="340" cy="240" r="52" fill="#f59e0b"/>` +
    `<circle cx="305" cy="270" r="20" fill="#78350f"/><rect x="330" y="60" width="22" height="190" fill="#78350f"/><rect x="322" y="40" width="38" height="34" rx="6" fill="#451a03"/></g>`,
  mysteryGame:
    `<defs>${linearGradient("g", "#064e3b", "#0f766e")}</defs><rect width="640" height="400" fill="url(#g)"/>` +
    `<path d="M250 130q0-70 70-70t70 62q0 40-46 60-24 12-24 46v14" fill="none" stroke="#a7f3d0" stroke-width="34" stroke-linecap="round"/><circle cx="320" cy="320" r="20" fill="#a7f3d0"/>` +
    `<g transform="rotate(-14 140 290)"><rect x="90" y="240" width="100" height="100" rx="16" fill="#fff"/><g fill="#0f766e"><circle cx="115" cy="265" r="9"/><circle cx="140" cy="290" r="9"/><circle cx="165" cy="315" r="9"/></g></g>` +
    `<g transform="rotate(12 500 280)"><rect x="450" y="230" width="100" height="100" rx="16" fill="#fff"/><g fill="#0f766e"><circle cx="475" cy="255" r="9"/><circle cx="525" cy="255" r="9"/><circle cx="475" cy="305" r="9"/><circle cx="525" cy="305" r="9"/></g></g>`,
};

// ---------------------------------------------------------------------------------------------------------------
// The council's emblem: three figures (community) with the middle one raised (leadership) in a red roundel

const EMBLEM_FIGURES =
  `<g fill="#fff"><circle cx="128" cy="94" r="20"/><path d="M96 186q0-62 32-62t32 62z"/>` +
  `<g opacity=".8"><circle cx="78" cy="116" r="16"/><path d="M52 186q0-50 26-50t26 50z"/><circle cx="178" cy="116" r="16"/><path d="M152 186q0-50 26-50t26 50z"/></g></g>` +
  `<path d="M128 40l5 10 11 2-8 8 2 11-10-5-10 5 2-11-8-8 11-2z" fill="#fde68a"/><rect x="46" y="186" width="164" height="10" rx="5" fill="#fecaca"/>`;

function emblem() {
  return (
    `<defs>${linearGradient("e", "#dc2626", "#7f1d1d")}</defs>` +
    `<circle cx="128" cy="128" r="124" fill="url(#e)"/><circle cx="128" cy="128" r="108" fill="none" stroke="#fff" stroke-width="4" opacity=".5"/>${EMBLEM_FIGURES}`
  );
}

const logo = () => svg(256, 256, emblem());
const favicon = () => svg(32, 32, `<g transform="scale(.125)">${emblem()}</g>`);

// ---------------------------------------------------------------------------------------------------------------
// Video posters (1280×720): the look of each video's first frame, shown until (or instead of) the video

const POSTERS = {
  hero: svg(
    1280,
    720,
    `<defs>${linearGradient("g", "#b91c1c", "#4c1d95")}</defs><rect width="1280" height="720" fill="url(#g)"/>` +
      `<g fill="none" stroke="#fff" stroke-width="3"><path d="M0 420q320-120 640 0t640 0" opacity=".35"/><path d="M0 480q320-120 640 0t640 0" opacity=".25"/><path d="M0 540q320-120 640 0t640 0" opacity=".15"/></g>`,
  ),
  promo: svg(
    1280,
    720,
    `<defs><radialGradient id="g" cx=".5" cy=".5" r=".75"><stop offset="0" stop-color="#1e3a8a"/><stop offset="1" stop-color="#0f172a"/></radialGradient></defs>` +
      `<rect width="1280" height="720" fill="url(#g)"/><g fill="none" stroke="#93c5fd"><circle cx="640" cy="360" r="90" stroke-width="6" opacity=".5"/><circle cx="640" cy="360" r="200" stroke-width="4" opacity=".3"/><circle cx="640" cy="360" r="320" stroke-width="3" opacity=".18"/></g>`,
  ),
};

// ---------------------------------------------------------------------------------------------------------------
// The hackathon's "PPT format" download: a one-page PDF listing the slides a team prepares (sample)

function samplePdf() {
  /** @type {[text: string, size: number][]} */
  const lines = [
    ["SIH 2025 Internal Hackathon - idea presentation format (SAMPLE)", 18],
    ["Replace this file with the official SIH 2025 PPT template when it is published.", 11],
    ["", 11],
    ["Slide 1  Title: problem statement ID and title, team name, team leader", 12],
    ["Slide 2  The idea: what you propose and why it solves the problem", 12],
    ["Slide 3  Technical approach: technologies, architecture, prototype plan", 12],
    ["Slide 4  Feasibility: risks, constraints and how you handle them", 12],
    ["Slide 5  Impact and benefits: who gains and how much", 12],
    ["Slide 6  Research and references", 12],
  ];
  const text = lines
    .map(([line, size], i) => `BT /F1 ${size} Tf 56 ${760 - i * 28} Td (${line.replace(/[()\\]/g, "\\$&")}) Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const offset = Buffer.byteLength(pdf);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return offset;
  });
  const xref = Buffer.byteLength(pdf);
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("");
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return pdf;
}

// ---------------------------------------------------------------------------------------------------------------
// PNGs (--png): WhatsApp and most Open Graph readers ignore SVG, and iOS wants a PNG home-screen icon

function shareCard() {
  const host = new URL(site.url).host;
  return svg(
    1200,
    630,
    // Flat colours rather than a full-card gradient: the PNG stays around 50 KB instead of 300 KB.
    `<rect width="1200" height="630" fill="#7f1d1d"/><circle cx="1180" cy="640" r="520" fill="#6b1a3a"/><circle cx="1180" cy="640" r="300" fill="#581c4f"/>` +
      `<g fill="none" stroke="#fff" stroke-width="3"><path d="M0 520q300-110 600 0t600 0" opacity=".2"/><path d="M0 570q300-110 600 0t600 0" opacity=".12"/></g>` +
      `<g transform="translate(90 187)">${emblem()}</g>` +
      `<g fill="#fff" ${FONT}><text x="400" y="290" font-size="76" font-weight="800">${escape(site.name)}</text>` +
      `<text x="402" y="356" font-size="34" opacity=".9">${escape(site.tagline.en)}</text>` +
      `<text x="402" y="430" font-size="26" opacity=".75">${escape(host)}</text></g>`,
  );
}

function appleTouchIcon() {
  // iOS draws transparent corners black, so the icon gets an opaque square behind the roundel.
  return svg(
    180,
    180,
    `<rect width="180" height="180" fill="#fff"/><g transform="translate(14 14) scale(.59375)">${emblem()}</g>`,
  );
}

/** Chromium, for drawing SVG markup to raster files, started as our other tools start it; closed by the caller. */
async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
}

/**
 * Every sample image: an SVG drawing, written as it is or rendered at its own size to WebP by the browser's canvas.
 * @param {import("playwright-core").Page} page
 * @param {Map<string, () => string>} images what to draw, by public path
 */
async function renderSamples(page, images) {
  rmSync(join(publicDir, samplesFolder), { recursive: true, force: true });
  for (const [publicPath, draw] of images) {
    if (publicPath.endsWith(".svg")) {
      write(publicPath, draw());
      continue;
    }
    const dataUrl = await page.evaluate(async ([markup, quality]) => {
      const image = new Image();
      image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth;
      canvas.height = image.naturalHeight;
      canvas.getContext("2d")?.drawImage(image, 0, 0);
      return canvas.toDataURL("image/webp", quality);
    }, /** @type {const} */ ([draw(), sampleQuality]));
    if (!dataUrl.startsWith("data:image/webp;base64,"))
      throw new Error(`${publicPath}: this Chromium cannot write WebP`);
    write(publicPath, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
  }
}

/** @param {import("playwright-core").Page} page */
async function renderPngs(page) {
  /** @type {[publicPath: string, markup: string, width: number, height: number][]} */
  const images = [
    [site.shareImage.src, shareCard(), site.shareImage.width, site.shareImage.height],
    ["/apple-touch-icon.png", appleTouchIcon(), 180, 180],
  ];
  for (const [publicPath, markup, width, height] of images) {
    await page.setViewportSize({ width, height });
    await page.setContent(`<html><body style="margin:0">${markup}</body></html>`);
    write(publicPath, await page.screenshot({ type: "png", clip: { x: 0, y: 0, width, height } }));
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Videos (--video): abstract animations drawn by ffmpeg's expression filter (geq), small enough to ship (< 250 KB
// each). The hero loops, so its pattern repeats after exactly 6 s; the promo carries a quiet chord so its sound
// toggle does something. What runs, with the expressions below (about five minutes: geq is slow):
//   ffmpeg -f lavfi -i "color=c=black:s=640x360:r=24:d=6,format=gbrp,geq=r='…':g='…':b='…',format=yuv420p"
//          -c:v libvpx-vp9 -b:v 0 -crf 36 -an public/media/hero.webm
//   ffmpeg -f lavfi -i "color=…:d=8,…" -f lavfi -i sine=frequency=220:duration=8 (and 277.18 Hz, 329.63 Hz)
//          -filter_complex "[1][2][3]amix=inputs=3,volume=0.35,tremolo=…,afade=…[a]" -map 0:v -map "[a]"
//          -c:v libvpx-vp9 -b:v 0 -crf 38 -c:a libopus -b:a 24k public/media/promo.webm

const HERO_GEQ = {
  // Red → violet across the frame, with bright bands travelling along a sine wave (period 6 s, so it loops).
  r: "(185-110*X/W)+40*pow(sin(2*PI*(Y/H*1.6-0.25*sin(2*PI*(X/W+T/6))-T/6)),8)",
  g: "(28+6*X/W)+40*pow(sin(2*PI*(Y/H*1.6-0.25*sin(2*PI*(X/W+T/6))-T/6)),8)",
  b: "(28+120*X/W)+60*pow(sin(2*PI*(Y/H*1.6-0.25*sin(2*PI*(X/W+T/6))-T/6)),8)",
};
const PROMO_GEQ = {
  // Rings rippling out from the centre on deep blue.
  r: "15+50*pow(0.5+0.5*sin(hypot(X-W/2,Y-H/2)/18-2*PI*T/2),6)",
  g: "23+90*pow(0.5+0.5*sin(hypot(X-W/2,Y-H/2)/18-2*PI*T/2),6)",
  b: "60+150*pow(0.5+0.5*sin(hypot(X-W/2,Y-H/2)/18-2*PI*T/2),6)*(1-hypot(X-W/2,Y-H/2)/W)",
};

/**
 * @param {Record<string, string>} expressions ffmpeg's geq expression for each colour channel
 * @param {number} seconds
 */
function geqSource(expressions, seconds) {
  const geq = Object.entries(expressions)
    .map(([channel, expression]) => `${channel}='${expression}'`)
    .join(":");
  return `color=c=black:s=640x360:r=24:d=${seconds},format=gbrp,geq=${geq},format=yuv420p`;
}

/** @param {string[]} args */
function ffmpeg(args) {
  const result = spawnSync("ffmpeg", ["-y", "-hide_banner", "-loglevel", "error", ...args], { stdio: "inherit" });
  if (result.error || result.status !== 0) throw new Error(`ffmpeg failed: ${result.error?.message ?? result.status}`);
}

function renderVideos() {
  mkdirSync(join(publicDir, "media"), { recursive: true });
  const vp9 = ["-c:v", "libvpx-vp9", "-b:v", "0", "-row-mt", "1", "-deadline", "good", "-cpu-used", "2"];
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    geqSource(HERO_GEQ, 6),
    ...vp9,
    "-crf",
    "36",
    "-an",
    join(publicDir, site.media.heroVideo),
  ]);
  ffmpeg([
    "-f",
    "lavfi",
    "-i",
    geqSource(PROMO_GEQ, 8),
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=220:duration=8",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=277.18:duration=8",
    "-f",
    "lavfi",
    "-i",
    "sine=frequency=329.63:duration=8",
    "-filter_complex",
    "[1][2][3]amix=inputs=3,volume=0.35,tremolo=f=0.5:d=0.4,afade=t=in:d=1.5,afade=t=out:st=6.5:d=1.5[a]",
    "-map",
    "0:v",
    "-map",
    "[a]",
    ...vp9,
    "-crf",
    "38",
    "-c:a",
    "libopus",
    "-b:a",
    "24k",
    join(publicDir, site.media.promoVideo),
  ]);
  for (const video of [site.media.heroVideo, site.media.promoVideo]) {
    written.push([video, readFileSync(join(publicDir, video)).length]);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// What the data asks for

function placeholderImages() {
  /** @type {Map<string, () => string>} what to draw, by public path */
  const images = new Map();
  const add = (/** @type {string} */ src, /** @type {() => string} */ draw) => images.set(src, draw);

  const everyone = [
    ...people.leaders,
    ...people.mentorHeads,
    ...people.subMentors,
    ...people.officeBearers,
    ...people.developers,
  ];
  for (const person of everyone) {
    if (isSample(person.image.src)) add(person.image.src, () => portrait(person.name));
  }
  clubs.forEach((club, index) => {
    if (isSample(club.logo.src)) add(club.logo.src, () => monogram(club, index, clubs.length));
    for (const bearer of Object.values(club.bearers)) {
      if (!isSample(bearer.photo)) continue;
      add(bearer.photo, () => (bearer.name.trim() ? portrait(bearer.name) : vacantPortrait()));
    }
  });
  for (const tile of gallery) {
    if (isSample(tile.src)) add(tile.src, () => galleryTile(tile));
  }
  for (const category of events.tarang.categories) {
    const drawing = TARANG[category.slug];
    if (isSample(category.image.src) && drawing) {
      add(category.image.src, () => svg(640, 400, drawing));
    }
  }
  if (isSample(site.media.heroPoster.src)) add(site.media.heroPoster.src, () => POSTERS.hero);
  if (isSample(site.media.promoPoster.src)) add(site.media.promoPoster.src, () => POSTERS.promo);
  return images;
}

const browser = await launchChromium();
try {
  const page = await browser.newPage();
  await renderSamples(page, placeholderImages());
  if (process.argv.includes("--png")) await renderPngs(page);
} finally {
  await browser.close();
}
// The site's emblem stays a vector drawing: one document for every copy on a page, sharp at any size.
if (site.logo.src === "/images/logo.svg") write(site.logo.src, logo());
write("/favicon.svg", favicon());
if (events.hackathon.pptTemplate.href.startsWith("/files/")) write(events.hackathon.pptTemplate.href, samplePdf());
if (process.argv.includes("--video")) renderVideos();

const largest = [...written].sort((a, b) => b[1] - a[1]).slice(0, 5);
console.log(`Wrote ${written.length} files. Largest:`);
for (const [path, bytes] of largest) console.log(`  ${path}  ${(bytes / 1024).toFixed(1)} KB`);
