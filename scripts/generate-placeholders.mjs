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
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { POSTERS, TARANG, favicon, logo, samplePdf } from "./lib/placeholders/drawings.mjs";
import { galleryTile } from "./lib/placeholders/gallery.mjs";
import { isSample, root, write, written } from "./lib/placeholders/output.mjs";
import { monogram, portrait, vacantPortrait } from "./lib/placeholders/people.mjs";
import { launchChromium, renderPngs, renderSamples } from "./lib/placeholders/render.mjs";
import { svg } from "./lib/placeholders/svg.mjs";
import { renderVideos } from "./lib/placeholders/videos.mjs";

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
  if (process.argv.includes("--png")) await renderPngs(page, site);
} finally {
  await browser.close();
}
// The site's emblem stays a vector drawing: one document for every copy on a page, sharp at any size.
if (site.logo.src === "/images/logo.svg") write(site.logo.src, logo());
write("/favicon.svg", favicon());
if (events.hackathon.pptTemplate.href.startsWith("/files/")) write(events.hackathon.pptTemplate.href, samplePdf());
if (process.argv.includes("--video")) renderVideos(site);

const largest = [...written].sort((a, b) => b[1] - a[1]).slice(0, 5);
console.log(`Wrote ${written.length} files. Largest:`);
for (const [path, bytes] of largest) console.log(`  ${path}  ${(bytes / 1024).toFixed(1)} KB`);
