// Drawing SVG markup to raster files in Chromium.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { chromiumFlags, chromiumPath } from "../chromium.mjs";
import { appleTouchIcon, shareCard } from "./drawings.mjs";
import { publicDir, sampleQuality, samplesFolder, write } from "./output.mjs";

/** Chromium, for drawing SVG markup to raster files, started as our other tools start it; closed by the caller. */
export async function launchChromium() {
  const { chromium } = await import("playwright-core");
  return chromium.launch({ executablePath: chromiumPath(), args: chromiumFlags });
}

/**
 * Every sample image: an SVG drawing, written as it is or rendered at its own size to WebP by the browser's canvas.
 * @param {import("playwright-core").Page} page
 * @param {Map<string, () => string>} images what to draw, by public path
 */
export async function renderSamples(page, images) {
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

/**
 * @param {import("playwright-core").Page} page
 * @param {typeof import("../../../data/site.json")} site
 */
export async function renderPngs(page, site) {
  /** @type {[publicPath: string, markup: string, width: number, height: number][]} */
  const images = [
    [site.shareImage.src, shareCard(site), site.shareImage.width, site.shareImage.height],
    ["/apple-touch-icon.png", appleTouchIcon(), 180, 180],
  ];
  for (const [publicPath, markup, width, height] of images) {
    await page.setViewportSize({ width, height });
    await page.setContent(`<html><body style="margin:0">${markup}</body></html>`);
    write(publicPath, await page.screenshot({ type: "png", clip: { x: 0, y: 0, width, height } }));
  }
}
