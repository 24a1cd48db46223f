// The fake's HTTP plumbing: request bodies in, JSON out, the session cookie.

export const maxBodyBytes = 1024 * 1024;

/** @param {unknown} value @returns {value is Record<string, unknown>} */
export function isObject(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** @param {string | undefined} cookieHeader */
export function sessionToken(cookieHeader) {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "council_session") return value.join("=");
  }
  return undefined;
}

/** @param {import("node:http").IncomingMessage} req @returns {Promise<string>} */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    req.on("data", (/** @type {Buffer} */ chunk) => {
      size += chunk.length;
      if (size > maxBodyBytes) {
        reject(new Error("too large"));
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

/** @param {import("node:http").ServerResponse} res @param {number} status @param {unknown} body */
export function send(res, status, body) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { "Content-Type": "application/json; charset=utf-8" });
  res.end(JSON.stringify(body));
}
