import sharp from "sharp";

/**
 * Photos as a phone writes them, made with sharp for the tests: a JPEG whose EXIF holds the camera, a GPS position
 * and an orientation (turned a quarter: the stored pixels are landscape, the photo is portrait).
 */
export const phoneMake = "PhoneCo Ultra 12";

export async function phoneJpeg({ width = 1200, height = 900 } = {}): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: phoneMake, Model: "UX-12" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "28/1 36/1 5000/100",
        GPSLongitudeRef: "E",
        GPSLongitude: "77/1 12/1 3000/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A small PNG of any colour. */
export async function plainPng(width = 400, height = 300): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 20, g: 120, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}
