import { FONT, escape, linearGradient, svg } from "./svg.mjs";

// ---------------------------------------------------------------------------------------------------------------
// Tarang category images (640×400)

/** @type {Partial<Record<string, string>>} */
export const TARANG = {
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

export const logo = () => svg(256, 256, emblem());
export const favicon = () => svg(32, 32, `<g transform="scale(.125)">${emblem()}</g>`);

// ---------------------------------------------------------------------------------------------------------------
// Video posters (1280×720): the look of each video's first frame, shown until (or instead of) the video

export const POSTERS = {
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

export function samplePdf() {
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

/** @param {{ url: string, name: string, tagline: { en: string } }} site */
export function shareCard(site) {
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

export function appleTouchIcon() {
  // iOS draws transparent corners black, so the icon gets an opaque square behind the roundel.
  return svg(
    180,
    180,
    `<rect width="180" height="180" fill="#fff"/><g transform="translate(14 14) scale(.59375)">${emblem()}</g>`,
  );
}
