import { describe, expect, it } from "vitest";
import { checkIdCard, imageTypeOf } from "~/server/requests/id-card.server";

/** A real 1×1 PNG. */
const tinyPng = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (character) => character.charCodeAt(0),
);

const bytes = (...values: (number | string)[]) =>
  Uint8Array.from(
    values.flatMap((value) => (typeof value === "string" ? [...value].map((c) => c.charCodeAt(0)) : [value])),
  );

describe("ID card check", () => {
  it("accepts a real PNG and keeps its bytes", async () => {
    const result = await checkIdCard(new File([tinyPng], "card.png", { type: "image/png" }));
    expect(result).toEqual({ ok: true, mediaType: "image/png", bytes: tinyPng });
  });

  it.each([
    ["JPEG", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF"), "image/jpeg"],
    ["GIF", bytes("GIF89a", 1, 0, 1, 0), "image/gif"],
    ["WebP", bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "), "image/webp"],
  ])("recognises a %s by its first bytes", (_name, content, mediaType) => {
    expect(imageTypeOf(content)).toBe(mediaType);
  });

  it("refuses a text file renamed .png and labelled image/png", async () => {
    const result = await checkIdCard(new File(["just some text"], "card.png", { type: "image/png" }));
    expect(result).toEqual({ ok: false, message: "The ID card must be an image (PNG, JPEG, GIF or WebP)." });
  });

  it("refuses an SVG, whose scripts a browser could run", async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    const result = await checkIdCard(new File([svg], "card.svg", { type: "image/svg+xml" }));
    expect(result).toMatchObject({ ok: false, message: "The ID card must be an image (PNG, JPEG, GIF or WebP)." });
  });

  it("accepts a real image whatever the browser called it", async () => {
    const result = await checkIdCard(new File([tinyPng], "scan.txt", { type: "text/plain" }));
    expect(result).toMatchObject({ ok: true, mediaType: "image/png" });
  });

  it("refuses an image over 5 MB, and accepts one of exactly 5 MB", async () => {
    const fiveMb = 5 * 1024 * 1024;
    const padded = (size: number) => {
      const content = new Uint8Array(size);
      content.set(tinyPng);
      return new File([content], "card.png", { type: "image/png" });
    };
    expect(await checkIdCard(padded(fiveMb + 1))).toEqual({
      ok: false,
      message: "The ID card image must be 5 MB or smaller.",
    });
    expect(await checkIdCard(padded(fiveMb))).toMatchObject({ ok: true, mediaType: "image/png" });
  });

  it("asks for the image when no file was chosen", async () => {
    expect(await checkIdCard(new File([], "", { type: "application/octet-stream" }))).toEqual({
      ok: false,
      message: "Please choose an image of your ID card.",
    });
    expect(await checkIdCard(undefined)).toMatchObject({ ok: false });
  });
});
