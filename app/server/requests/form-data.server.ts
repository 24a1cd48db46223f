import busboy from "busboy";
import { announcedOver, type BodyReading, readFormData, streamBody } from "./request.server";

/**
 * Reading a form with a file in it (the registration form's ID card) as a stream, part by part, with a limit per
 * file. A file over its limit is kept only up to one byte past the limit and the rest of it is read and dropped, so
 * the form's own schema refuses it by its size ("The ID card image must be 5 MB or smaller.") and every other entry
 * comes back into the page. Before, a body one byte over the file limit was refused whole (413) and a student without
 * JavaScript lost every field. The body limit stays as the outer guard: past it, 413 and the rest is left unread.
 *
 * busboy does the multipart parsing: it is small (one dependency), streams, and has limits per file, per field and
 * per part count.
 */

export interface StreamedFormLimits {
  /** The whole body; past it the form is refused with 413. */
  maxBytes: number;
  /** One file; a larger file is cut to `maxFileBytes + 1` bytes, which the schema's size rule refuses. */
  maxFileBytes: number;
  /** Parts of any kind (fields and files): more is no form of ours. */
  maxParts: number;
  /** All text fields together, as for a form without files. */
  maxTextBytes: number;
  /** Files in one form. */
  maxFiles: number;
}

type Entry = { name: string; value: string | File };

/**
 * Reads a submitted form. A multipart body is streamed with the limits above when `maxFileBytes` is given; any other
 * body is read whole within `maxBytes` as before.
 */
export async function readSubmittedForm(
  request: Request,
  limits: { maxBytes: number; maxFileBytes?: number } & Partial<Omit<StreamedFormLimits, "maxBytes" | "maxFileBytes">>,
  shape: { maxFields: number; maxTextBytes: number },
): Promise<BodyReading> {
  const multipart = /^multipart\/form-data\s*;/i.test(request.headers.get("Content-Type") ?? "");
  if (limits.maxFileBytes === undefined || !multipart) return readFormData(request, limits.maxBytes);
  return readStreamedFormData(request, {
    maxBytes: limits.maxBytes,
    maxFileBytes: limits.maxFileBytes,
    // One past the cap, so that a form with too many fields still reaches the shape check and is refused there.
    maxParts: limits.maxParts ?? shape.maxFields + 1,
    maxTextBytes: limits.maxTextBytes ?? shape.maxTextBytes,
    maxFiles: limits.maxFiles ?? 1,
  });
}

export async function readStreamedFormData(request: Request, limits: StreamedFormLimits): Promise<BodyReading> {
  if (announcedOver(request, limits.maxBytes)) return { ok: false, status: 413 };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      limits: {
        fileSize: limits.maxFileBytes + 1,
        files: limits.maxFiles,
        parts: limits.maxParts,
        // One past the cap, so that busboy marks a value that went over instead of silently cutting it to size.
        // (Field names are checked afterwards, with every form's, by the submission pipeline.)
        fieldSize: limits.maxTextBytes + 1,
      },
    });
  } catch {
    // No boundary, or not multipart at all.
    return { ok: false, status: 400 };
  }

  const entries: (Entry | undefined)[] = [];
  const files: Promise<void>[] = [];
  let textBytes = 0;
  let refusal: 400 | 413 | undefined;
  const refuse = (status: 400 | 413) => {
    refusal ??= status;
  };

  parser.on("field", (name, value, info) => {
    textBytes += Buffer.byteLength(name) + Buffer.byteLength(value);
    if (info.valueTruncated || textBytes > limits.maxTextBytes) refuse(413);
    entries.push({ name, value });
  });
  parser.on("file", (name, stream, info) => {
    const slot = entries.length;
    entries.push(undefined);
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    files.push(
      new Promise((resolve) => {
        stream.on("end", () => {
          // Same as a browser's empty file input: a file named "" of no bytes.
          entries[slot] = { name, value: new File(chunks as BlobPart[], info.filename ?? "", { type: info.mimeType }) };
          resolve();
        });
        // A body cut short (or refused mid-file) ends the file with an error; unhandled, it would stop the server.
        stream.on("error", () => {
          refuse(400);
          resolve();
        });
      }),
    );
  });
  parser.on("partsLimit", () => refuse(400));
  parser.on("filesLimit", () => refuse(400));

  const parsed = new Promise<boolean>((resolve) => {
    parser.on("close", () => resolve(true));
    parser.on("error", () => resolve(false));
  });

  const body = await streamBody(request, limits.maxBytes, async (chunk) => {
    if (parser.write(chunk)) return true;
    // A malformed body ends the parser, which then never drains.
    const drained = await Promise.race([
      new Promise<true>((resolve) => parser.once("drain", () => resolve(true))),
      parsed,
    ]);
    return drained === true;
  });
  if (!body.ok) {
    parser.destroy();
    return body;
  }
  parser.end();
  if (!(await parsed)) return { ok: false, status: 400 };
  await Promise.all(files);
  if (refusal) return { ok: false, status: refusal };

  const formData = new FormData();
  for (const entry of entries) if (entry) formData.append(entry.name, entry.value);
  return { ok: true, formData };
}
