/** Request bodies above these sizes are refused with 413 before they are parsed. */
export const formSizeLimits = {
  /** Text-only forms: far above any honest entry. */
  text: 64 * 1024,
  /**
   * The registration form with its ID card image: the outer guard only. The image's own limit (5 MB) is checked as
   * the body streams in (form-data.server.ts), so an image up to this size gets the form's own message with every
   * entry kept; a phone camera's photo is rarely above 12 MB.
   */
  withIdCard: 16 * 1024 * 1024,
} as const;

export type BodyReading = { ok: true; formData: FormData } | { ok: false; status: 400 | 413 };

/** Whether the body's announced length (Content-Length) is already over `maxBytes`: refused before reading. */
export function announcedOver(request: Request, maxBytes: number): boolean {
  const announced = Number(request.headers.get("Content-Length") ?? Number.NaN);
  return Number.isFinite(announced) && announced > maxBytes;
}

/**
 * Hands a request's body to `take` chunk by chunk, refusing a body larger than `maxBytes`: by its Content-Length
 * before reading, and while reading when the length is not announced, so an oversized upload is never held in memory
 * whole. A refused body is left unread rather than cancelled: cancelling would destroy the socket before the 413 is
 * written, and server/guards.ts closes the connection cleanly once the answer is out (Connection: close). `take`
 * answers false to stop reading early.
 */
export async function streamBody(
  request: Request,
  maxBytes: number,
  take: (chunk: Uint8Array) => boolean | Promise<boolean>,
): Promise<{ ok: true } | { ok: false; status: 400 | 413 }> {
  if (announcedOver(request, maxBytes)) return { ok: false, status: 413 };
  if (!request.body) return { ok: true };
  const reader = request.body.getReader();
  let received = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      // The client went away mid-body.
      return { ok: false, status: 400 };
    }
    if (chunk.done) return { ok: true };
    received += chunk.value.byteLength;
    if (received > maxBytes) {
      reader.releaseLock();
      return { ok: false, status: 413 };
    }
    if (!(await take(chunk.value))) return { ok: true };
  }
}

/** Reads a submitted form whole, within `maxBytes` (see streamBody). */
export async function readFormData(request: Request, maxBytes: number): Promise<BodyReading> {
  const chunks: Uint8Array[] = [];
  const body = await streamBody(request, maxBytes, (chunk) => {
    chunks.push(chunk);
    return true;
  });
  if (!body.ok) return body;
  const contentType = request.headers.get("Content-Type") ?? "";
  try {
    const formData = await new Response(new Blob(chunks as BlobPart[]), {
      headers: { "Content-Type": contentType },
    }).formData();
    return { ok: true, formData };
  } catch {
    return { ok: false, status: 400 };
  }
}

/**
 * The visitor's address, for per-client rate limits. server/http.ts sets this header from the socket (or from
 * X-Forwarded-For behind a trusted proxy), overwriting whatever the client sent; under `react-router dev` it is
 * absent and per-client limits are skipped.
 */
export function clientAddress(request: Request): string | undefined {
  return request.headers.get("X-Client-Address") ?? undefined;
}

/** Longer than any address of this site; a redirect target past it is not one of ours. */
const longestRedirect = 2048;

/**
 * Characters no address of this site holds before percent-decoding: anything but printable ASCII. That refuses the
 * control characters (C0, DEL, C1), the spaces and Unicode separators (U+2028/9, U+3000...), the format characters
 * (U+200B, U+FEFF...) and lone surrogates. A browser drops TAB, LF and CR inside a URL, so "/<TAB>/evil.example" is
 * "//evil.example" to it; and a Location header cannot carry a character past U+00FF at all (the Fetch API throws,
 * which was a 500).
 */
const printableAscii = /^[\x21-\x7e]*$/;

/**
 * What must not appear once percent-decoded: controls, format characters, unassigned and private-use code points,
 * line and paragraph separators, spaces other than U+0020, and backslashes. A proxy or a second decoding further on
 * would otherwise see them.
 */
const unsafeDecoded = /[\p{C}\p{Zl}\p{Zp}\\]|(?! )\p{Zs}/u;

/** A dot segment ("/..//evil.example" resolves to "//evil.example" in a client-side navigation). */
const dotSegment = /(^|\/)\.{1,2}(\/|$)/;

/**
 * The one gate for every redirect to a path a visitor gave (the language link's `to`, the login's `redirectTo`):
 * `target` when it is a path on this site that every browser reads the same way, else `fallback` (the caller's home or
 * profile, in the page's language). Never throws, whatever the visitor sent.
 *
 * No well-kept library does exactly this: the known packages check the scheme and host of a URL, not what a browser
 * strips or decodes. So, in order: a string of printable ASCII (see above), at most `longestRedirect` long, starting
 * with one "/" and no backslash anywhere ("//host" and "/\\host" are another site to a browser); its percent-encoding
 * well-formed UTF-8 (a lone surrogate or a stray "%" is refused); decoded, still starting with one "/" (so neither
 * "/%2F/host" nor "/%09/host" passes), free of the characters above and of "." and ".." segments.
 */
export function safeRedirectPath(target: unknown, fallback = "/"): string {
  if (typeof target !== "string" || target.length > longestRedirect || !printableAscii.test(target)) return fallback;
  if (!target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return fallback;
  const path = target.split(/[?#]/, 1)[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
    if (dotSegment.test(decodeURIComponent(path))) return fallback;
  } catch {
    return fallback;
  }
  if (decoded.startsWith("//") || unsafeDecoded.test(decoded)) return fallback;
  return target;
}
