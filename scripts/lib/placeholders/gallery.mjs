import { hash, hsl, linearGradient, random, svg } from "./svg.mjs";

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
export function galleryTile({ id, src, width, height }) {
  const names = /** @type {(keyof typeof SCENES)[]} */ (Object.keys(SCENES));
  const scene = names.find((name) => src.includes(name)) ?? "stage";
  const hue = SCENE_HUES[scene] + ((id * 37) % 70) - 35;
  return svg(width, height, SCENES[scene](width, height, random(hash(src)), hue));
}
