// The SVG vocabulary every drawing uses: stable hashes and seeded randomness (every run writes identical files),
// colours, gradients and the initials a portrait or monogram shows.

export const FONT = `font-family="Inter,'Segoe UI',Roboto,Arial,'Liberation Sans',sans-serif"`;

/**
 * Stable 32-bit hash, so a name always gets the same colour and every run writes identical files.
 * @param {string} text
 */
export function hash(text) {
  let h = 2166136261;
  for (const char of text) h = Math.imul(h ^ char.charCodeAt(0), 16777619);
  return h >>> 0;
}

/**
 * Seeded pseudo-random numbers (mulberry32): gallery tiles vary, but the same id always draws the same tile.
 * @param {number} seed
 * @returns {() => number} numbers from 0 up to (not including) 1
 */
export function random(seed) {
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
export function hsl(h, s, l) {
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
export const escape = (/** @type {string} */ text) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * @param {number} width
 * @param {number} height
 * @param {string} body
 */
export function svg(width, height, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>\n`;
}

/**
 * @param {string} id
 * @param {string} from
 * @param {string} to
 * @param {[number, number, number, number]} [direction] x1, y1, x2, y2
 */
export function linearGradient(id, from, to, [x1, y1, x2, y2] = [0, 0, 1, 1]) {
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

/** "Mentor Head 1 (sample)" → "MH1", "Sample Vice President" → "VP": the role, since the names are role-based. */
/** @param {string} name */
export function initials(name) {
  const words = name
    .replace(/\(.*?\)/g, "")
    .split(/[\s/&-]+/)
    .filter((word) => word && word.toLowerCase() !== "sample");
  return words
    .map((word) => (/^\d+$/.test(word) ? word : word.charAt(0).toUpperCase()))
    .join("")
    .slice(0, 3);
}
