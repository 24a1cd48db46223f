import type { SubmissionResult } from "@conform-to/react";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seedContent } from "~/content/content-files.server";
import { loader as mediaLoader } from "~/routes/content-media";
import { servedImages } from "~/server/content-images/served.server";
import CouncilContentPhotos, { action, loader } from "~/routes/council-content-photos";
import { runningCoordinators } from "~/content/editing/access.server";
import { identity, usedBuiltInStore } from "~/server/backend/running-backends.server";
import { limits } from "~/server/requests/limits.server";
import { log } from "~/server/ops/log.server";
import { phoneJpeg } from "../support/photos";
import {
  caught,
  dataOf,
  get,
  headersOf,
  newVisitors,
  post,
  redirectOf,
  renderRoute,
  type RouteResult,
  routeArgs,
  statusOf,
} from "../support/routes";

/**
 * /council/content/photos and /media/content/<name> against the server's own built-in store: who may upload, what an
 * upload must be, what the site then serves.
 */

const store = () => {
  const builtIn = usedBuiltInStore();
  if (!builtIn) throw new Error("these tests need the built-in store");
  return builtIn;
};

beforeAll(async () => {
  await seedContent(store().content, process.env.CONTENT_DIR!);
});
beforeEach(async () => {
  await limits.reset();
  servedImages.clear();
});
afterEach(() => vi.restoreAllMocks());

const signedIn = newVisitors(identity, "PH26", { name: "Photo Member", mailbox: "photo" });

const path = "/council/content/photos";
const visit = (cookie?: string) => caught(loader(routeArgs(get(path, { cookie }))));
const upload = (body: FormData, cookie?: string) => caught(action(routeArgs(post(path, body, { cookie }))));
const media = (name: string) => caught(mediaLoader(routeArgs(get(`/media/content/${name}`), { file: name })));

type PageData = Awaited<ReturnType<typeof loader>>["data"];

async function pageOf(cookie: string): Promise<PageData> {
  return dataOf<PageData>(await visit(cookie));
}

/** The form as a browser sends it, with the versions the page showed. */
function photoForm(page: PageData, fields: Record<string, string | undefined>, file: File | undefined) {
  const body = new FormData();
  body.append("galleryVersion", String(page.versions.gallery ?? ""));
  body.append("peopleVersion", String(page.versions.people ?? ""));
  body.append("clubsVersion", String(page.versions.clubs ?? ""));
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) body.append(name, value);
  if (file) body.append("photo", file);
  return body;
}

const alt = { altEn: "Students at the hackathon", altHi: "हैकथॉन में छात्र" };
const jpegFile = async () => new File([new Uint8Array(await phoneJpeg())], "IMG_0001.jpg", { type: "image/jpeg" });
const errorsOf = (result: RouteResult) => dataOf<SubmissionResult<string[]>>(result).error ?? {};
const currentGallery = async () => (await store().content.current()).parts.gallery!;

describe("who may upload photos", () => {
  it("sends a visitor who is not signed in to the login page, and back here", async () => {
    const answer = await visit();
    expect(statusOf(answer)).toBe(302);
    expect(headersOf(answer).get("Location")).toBe("/login?redirectTo=%2Fcouncil%2Fcontent%2Fphotos");
    const before = await currentGallery();
    const posted = await upload(
      photoForm({ versions: {} } as PageData, { target: "gallery", ...alt }, await jpegFile()),
    );
    expect(statusOf(posted)).toBe(302);
    expect((await currentGallery()).id).toBe(before.id);
  });

  it("answers a signed-in student without a role 404, as every content page does, writing nothing", async () => {
    const { cookie } = await signedIn({ member: false });
    expect(statusOf(await visit(cookie))).toBe(404);
    const before = await currentGallery();
    const posted = await upload(
      photoForm({ versions: {} } as PageData, { target: "gallery", ...alt }, await jpegFile()),
      cookie,
    );
    expect(statusOf(posted)).toBe(404);
    expect((await currentGallery()).id).toBe(before.id);
  });

  it("lets a club's coordinator change their club's logo alone (anything else: 404, writing nothing)", async () => {
    const { cookie, collegeId } = await signedIn({ member: false });
    const clubs = (await store().content.current()).parts.clubs!.data;
    const [mine, other] = [clubs[4]!, clubs[5]!];
    await runningCoordinators()!.grant(collegeId, mine.slug);

    const page = await pageOf(cookie);
    expect(page.clubs.map((club) => club.value)).toEqual([`club:${mine.slug}`]);
    expect(page.people).toEqual([]);
    expect("gallery" in page).toBe(false);

    const before = await store().content.current();
    for (const target of ["gallery", `club:${other.slug}`, "person:leaders:0"]) {
      const refused = await upload(photoForm(page, { target, ...alt }, await jpegFile()), cookie);
      expect(statusOf(refused), target).toBe(404);
    }
    const after = await store().content.current();
    expect([after.parts.gallery!.id, after.parts.clubs!.id, after.parts.people!.id]).toEqual([
      before.parts.gallery!.id,
      before.parts.clubs!.id,
      before.parts.people!.id,
    ]);

    const logo = { altEn: `${mine.name} logo`, altHi: `${mine.name} का लोगो` };
    const answer = await upload(photoForm(page, { target: `club:${mine.slug}`, ...logo }, await jpegFile()), cookie);
    expect((await redirectOf(answer, path)).toast?.message).toMatch(/^Photo published on the club's page/);
    const saved = (await store().content.current()).parts.clubs!.data.find((club) => club.slug === mine.slug)!;
    expect(JSON.stringify(saved.logo)).toMatch(/\/media\/content\/[0-9a-f]{32}-256\.webp/);
  });
});

describe("a council member uploads a photo", () => {
  it("publishes a phone's gallery photo without its GPS position, served with a year's immutable cache", async () => {
    const { cookie } = await signedIn({ member: true });
    const page = await pageOf(cookie);
    expect(headersOf(await visit(cookie)).get("Cache-Control")).toBe("private, no-store");
    const logged = vi.spyOn(log, "info").mockImplementation(() => undefined);

    const answer = await upload(photoForm(page, { target: "gallery", ...alt }, await jpegFile()), cookie);
    const { location, toast } = await redirectOf(answer, path);
    expect(location).toBe(path);
    expect(toast?.message).toMatch(/^Photo published on the gallery/);

    const gallery = await currentGallery();
    const added = gallery.data.at(-1)!;
    expect(added.alt).toEqual({ en: alt.altEn, hi: alt.altHi });
    expect(added.src).toMatch(/^\/media\/content\/[0-9a-f]{32}-800\.webp$/);
    expect(gallery.savedBy).not.toMatch(/0187PH/);

    const served = await media(added.src.replace("/media/content/", ""));
    expect(statusOf(served)).toBe(200);
    const headers = headersOf(served);
    expect(headers.get("Content-Type")).toBe("image/webp");
    expect(headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await (served as Response).arrayBuffer());
    expect(headers.get("Content-Length")).toBe(String(bytes.byteLength));
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.exif, metadata.xmp, metadata.width, metadata.height]).toEqual([
      "webp",
      undefined,
      undefined,
      800,
      1067,
    ]);
    expect(bytes.includes(Buffer.from("GPS"))).toBe(false);

    // The log names the member by account key, never by College ID.
    const line = JSON.stringify(logged.mock.calls);
    expect(line).toContain("uploaded a photo");
    expect(line).not.toContain("0187PH");
  });

  it("refuses a text file named .jpg with the photo's own message, writing nothing", async () => {
    const { cookie } = await signedIn({ member: true });
    const page = await pageOf(cookie);
    const text = new File(["these are words, not pixels\n"], "holiday.jpg", { type: "image/jpeg" });
    const answer = await upload(photoForm(page, { target: "gallery", ...alt }, text), cookie);
    expect(statusOf(answer)).toBe(400);
    expect(errorsOf(answer).photo).toEqual([
      "This file is not a photo. Choose a JPEG, PNG, WebP, AVIF, HEIF, GIF or TIFF image.",
    ]);
    expect((await currentGallery()).id).toBe(page.versions.gallery);
  });

  it("refuses a photo over 10 MB with the field's message, and a body over the form's cap with 413", async () => {
    const { cookie } = await signedIn({ member: true });
    const page = await pageOf(cookie);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 10)], "big.jpg", { type: "image/jpeg" });
    const answer = await upload(photoForm(page, { target: "gallery", ...alt }, big), cookie);
    expect(statusOf(answer)).toBe(400);
    expect(errorsOf(answer).photo).toEqual(["The photo must be 10 MB or smaller."]);

    const huge = new File([new Uint8Array(11 * 1024 * 1024)], "huge.jpg", { type: "image/jpeg" });
    const refused = await upload(photoForm(page, { target: "gallery", ...alt }, huge), cookie);
    expect(statusOf(refused)).toBe(413);
    expect(headersOf(refused).get("Connection")).toBe("close");
    expect((await currentGallery()).id).toBe(page.versions.gallery);
  });

  it("asks for the alt text in English and in Hindi, field by field, and writes nothing", async () => {
    const { cookie } = await signedIn({ member: true });
    const page = await pageOf(cookie);
    const before = await store().contentImages.names();
    const noHindi = await upload(
      photoForm(page, { target: "gallery", altEn: alt.altEn, altHi: " " }, await jpegFile()),
      cookie,
    );
    expect(statusOf(noHindi)).toBe(400);
    expect(errorsOf(noHindi)).toMatchObject({ altHi: ["Describe the photo in Hindi."] });
    const neither = await upload(photoForm(page, { target: "gallery" }, await jpegFile()), cookie);
    expect(errorsOf(neither)).toMatchObject({
      altEn: ["Describe the photo in English."],
      altHi: ["Describe the photo in Hindi."],
    });
    expect((await currentGallery()).id).toBe(page.versions.gallery);
    expect(await store().contentImages.names()).toEqual(before);

    const html = renderRoute({ path, Component: CouncilContentPhotos, loaderData: page, actionData: dataOf(neither) });
    expect(html).toContain("Describe the photo in Hindi.");
    expect(html).toMatch(/id="photo-altHi"[^>]*aria-invalid="true"/);
  });

  it("tells the member to try again (409) when someone else saved the part first", async () => {
    const { cookie } = await signedIn({ member: true });
    const page = await pageOf(cookie);
    const first = await upload(photoForm(page, { target: "person:leaders:0", ...alt }, await jpegFile()), cookie);
    expect(statusOf(first)).toBe(302);
    const second = await upload(photoForm(page, { target: "person:leaders:1", ...alt }, await jpegFile()), cookie);
    expect(statusOf(second)).toBe(409);
    expect(errorsOf(second)[""]?.[0]).toMatch(/^Someone else changed this part of the content/);
  });
});

describe("the served photos", () => {
  it("answers 404 for a name the store does not hold, and for anything that is no image name", async () => {
    for (const name of [
      `${"a".repeat(32)}-800.webp`,
      "x.webp",
      "..%2F..%2Fetc%2Fpasswd",
      `${"a".repeat(32)}-800.webp.data`,
    ]) {
      const answer = await media(name);
      expect(statusOf(answer)).toBe(404);
    }
  });
});
