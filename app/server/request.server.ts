import { data } from "react-router";

/** Request bodies above these sizes are refused with 413 before they are parsed. */
export const formSizeLimits = {
  /** Text-only forms: far above any honest entry. */
  text: 64 * 1024,
  /** The registration form with its ID card image (at most 5 MB, section 5) plus the text fields. */
  withIdCard: 5 * 1024 * 1024 + 64 * 1024,
} as const;

export const tooLargeMessage = "The form is too large to send. Please shorten it and try again.";

/**
 * Reads a submitted form, refusing a body larger than `maxBytes` with 413: by its Content-Length before reading,
 * and while reading when the length is not announced, so an oversized upload is never held in memory whole.
 */
export async function readFormData(request: Request, maxBytes: number = formSizeLimits.text): Promise<FormData> {
  const announced = Number(request.headers.get("Content-Length") ?? Number.NaN);
  if (Number.isFinite(announced) && announced > maxBytes) throw tooLarge();

  const chunks: Uint8Array[] = [];
  let received = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const contentType = request.headers.get("Content-Type") ?? "";
  let formData: FormData;
  try {
    formData = await new Response(new Blob(chunks as BlobPart[]), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw unreadable();
  }
  // conform builds arrays from names like `members[3].name`; one field named `x[999999999]` would make it build
  // (and hang on) a huge array. No form of ours has lists longer than a few rows.
  for (const name of formData.keys()) {
    for (const [, index] of name.matchAll(/\[(\d+)\]/g)) {
      if (index!.length > 3 || Number(index) > maxListIndex) throw unreadable();
    }
  }
  return formData;
}

/** Above any list a form of ours has (the team form has 6 members). */
const maxListIndex = 50;

function unreadable() {
  return data({ message: "The form could not be read. Please try again." }, { status: 400 });
}

function tooLarge() {
  return data({ message: tooLargeMessage }, { status: 413 });
}

/**
 * The visitor's address, for per-client rate limits. server.js sets this header from the socket (overwriting
 * whatever the client sent); under `react-router dev` it is absent and every visitor shares one bucket.
 */
export function clientAddress(request: Request): string {
  return request.headers.get("X-Client-Address") ?? "unknown";
}

/** Only a path on this site: refuses "//evil.example", "https://…", "/\\evil" and anything not starting with "/". */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) {
    return fallback;
  }
  if (/[\u0000-\u001f]/.test(target)) return fallback;
  return target;
}
