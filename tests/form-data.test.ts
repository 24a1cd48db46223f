import { describe, expect, it } from "vitest";
import { readStreamedFormData, type StreamedFormLimits } from "~/server/requests/form-data.server";

const limits: StreamedFormLimits = {
  maxBytes: 16 * 1024 * 1024,
  maxFileBytes: 5 * 1024 * 1024,
  maxParts: 101,
  maxTextBytes: 64 * 1024,
  maxFiles: 1,
};

function multipart(build: (form: FormData) => void): Request {
  const body = new FormData();
  build(body);
  return new Request("http://localhost/form", { method: "POST", body });
}

describe("reading a form with a file as a stream", () => {
  it("keeps a 6 MB file only up to one byte past the 5 MB limit, and every field around it", async () => {
    const reading = await readStreamedFormData(
      multipart((form) => {
        form.append("before", "kept");
        form.append("idCard", new File([new Uint8Array(6 * 1024 * 1024)], "card.png", { type: "image/png" }));
        form.append("after", "आरव also kept");
      }),
      limits,
    );
    expect(reading.ok).toBe(true);
    if (!reading.ok) return;
    const file = reading.formData.get("idCard") as File;
    expect(file).toBeInstanceOf(File);
    expect(file.size).toBe(5 * 1024 * 1024 + 1);
    expect(file.name).toBe("card.png");
    expect(file.type).toBe("image/png");
    expect(reading.formData.get("before")).toBe("kept");
    expect(reading.formData.get("after")).toBe("आरव also kept");
    expect([...reading.formData.keys()]).toEqual(["before", "idCard", "after"]);
  });

  it("keeps a file within the limit byte for byte", async () => {
    const bytes = Uint8Array.from({ length: 1000 }, (_, index) => index % 256);
    const reading = await readStreamedFormData(
      multipart((form) => form.append("idCard", new File([bytes], "a.png"))),
      limits,
    );
    expect(reading.ok && new Uint8Array(await (reading.formData.get("idCard") as File).arrayBuffer())).toEqual(bytes);
  });

  it('an empty file input reads as a file named "" of no bytes, as the browser\'s own parser gives it', async () => {
    const reading = await readStreamedFormData(
      multipart((form) => form.append("idCard", new File([], "", { type: "application/octet-stream" }))),
      limits,
    );
    expect(reading.ok).toBe(true);
    if (reading.ok) expect((reading.formData.get("idCard") as File).size).toBe(0);
  });

  it("refuses a body over the outer guard with 413", async () => {
    const reading = await readStreamedFormData(
      multipart((form) => form.append("idCard", new File([new Uint8Array(2 * 1024 * 1024)], "a.png"))),
      { ...limits, maxBytes: 1024 * 1024 },
    );
    expect(reading).toEqual({ ok: false, status: 413 });
  });

  it("refuses a body over the outer guard that arrives in pieces, without a length, mid-file, and throws nothing", async () => {
    const whole = multipart((form) => {
      form.append("username", "Asha");
      form.append("idCard", new File([new Uint8Array(3 * 1024 * 1024)], "a.png"));
    });
    const bytes = new Uint8Array(await whole.arrayBuffer());
    let offset = 0;
    const pieces = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (offset >= bytes.length) return controller.close();
        controller.enqueue(bytes.slice(offset, offset + 64 * 1024));
        offset += 64 * 1024;
      },
    });
    const request = new Request("http://localhost/form", {
      method: "POST",
      body: pieces,
      headers: { "Content-Type": whole.headers.get("Content-Type")! },
      duplex: "half",
    } as RequestInit);
    const errors: unknown[] = [];
    const onError = (error: unknown) => errors.push(error);
    process.on("uncaughtException", onError);
    try {
      expect(await readStreamedFormData(request, { ...limits, maxBytes: 1024 * 1024 })).toEqual({
        ok: false,
        status: 413,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      process.off("uncaughtException", onError);
    }
    expect(errors).toEqual([]);
  });

  it("refuses text fields over the text limit with 413, too many parts or files with 400", async () => {
    expect(
      await readStreamedFormData(
        multipart((form) => form.append("a", "x".repeat(70 * 1024))),
        limits,
      ),
    ).toEqual({ ok: false, status: 413 });
    expect(
      await readStreamedFormData(
        multipart((form) => Array.from({ length: 150 }, (_, n) => form.append(`f${n}`, "x"))),
        limits,
      ),
    ).toEqual({ ok: false, status: 400 });
    expect(
      await readStreamedFormData(
        multipart((form) => {
          form.append("one", new File(["a"], "a.png"));
          form.append("two", new File(["b"], "b.png"));
        }),
        limits,
      ),
    ).toEqual({ ok: false, status: 400 });
  });

  it("refuses a body that is not multipart, or is cut off, with 400", async () => {
    const noBoundary = new Request("http://localhost/form", {
      method: "POST",
      body: "x",
      headers: { "Content-Type": "multipart/form-data" },
    });
    expect(await readStreamedFormData(noBoundary, limits)).toEqual({ ok: false, status: 400 });
    const cut = new Request("http://localhost/form", {
      method: "POST",
      body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nvalue',
      headers: { "Content-Type": "multipart/form-data; boundary=b" },
    });
    expect(await readStreamedFormData(cut, limits)).toEqual({ ok: false, status: 400 });
  });
});
