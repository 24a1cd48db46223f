import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { publicDir, written } from "./output.mjs";

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

/** @param {typeof import("../../../data/site.json")} site */
export function renderVideos(site) {
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
