// One Lighthouse run, in a process of its own, answering its JSON report.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { chromiumFlags } from "../chromium.mjs";
import { repoRoot } from "../server.mjs";
import { categoryTargets } from "./reports.mjs";

/** @typedef {import("lighthouse").Result} LighthouseReport */

const lighthouseCli = path.join(repoRoot, "node_modules", "lighthouse", "cli", "index.js");
const perRunTimeoutMs = 120_000;

/**
 * @param {string} url
 * @param {string} outputPath
 * @param {string} chromePath
 * @returns {Promise<LighthouseReport>}
 */
function runLighthouse(url, outputPath, chromePath) {
  const args = [
    lighthouseCli,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${outputPath}`,
    `--only-categories=${Object.keys(categoryTargets).join(",")}`,
    `--chrome-flags=${chromiumFlags.join(" ")}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: chromePath },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (/** @type {string} */ chunk) => {
      stderr = (stderr + chunk).slice(-10_000);
    });
    // SIGINT first: Lighthouse then closes the Chromium it launched; SIGKILL only if it does not stop.
    const timer = setTimeout(() => {
      child.kill("SIGINT");
      setTimeout(() => child.kill("SIGKILL"), 5_000).unref();
    }, perRunTimeoutMs);
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      /** @type {unknown} */
      const parsed = code === 0 ? JSON.parse(readFileSync(outputPath, "utf8")) : undefined;
      // The file Lighthouse has just written as its JSON output.
      const report = /** @type {LighthouseReport | undefined} */ (parsed);
      if (report && !report.runtimeError) resolve(report);
      else {
        const reason = report?.runtimeError?.message ?? stderr;
        reject(new Error(`lighthouse ${url} failed (${signal ?? `exit ${code}`}):\n${reason}`));
      }
    });
  });
}

/**
 * Lighthouse's own advice for its trace errors (e.g. NO_NAVSTART on a busy machine) is to run again: once.
 * @param {string} url
 * @param {string} outputPath
 * @param {string} chromePath
 */
export async function runLighthouseWithRetry(url, outputPath, chromePath) {
  try {
    return await runLighthouse(url, outputPath, chromePath);
  } catch (error) {
    console.warn(
      `\n${error instanceof Error ? error.message.trim() : String(error)}\nlighthouse: trying ${url} once more`,
    );
    return runLighthouse(url, outputPath, chromePath);
  }
}
