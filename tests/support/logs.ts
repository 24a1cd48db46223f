import { beforeEach, vi } from "vitest";
import { log } from "~/server/ops/log.server";

/**
 * Catches what the site logs during each test of the file instead of printing it, so a test can check that no line
 * carries personal data. The array is emptied before each test; the file's `vi.restoreAllMocks()` ends the catching.
 */
export function useLoggedLines(methods: ("info" | "warn" | "error")[] = ["info", "warn", "error"]): string[] {
  const lines: string[] = [];
  beforeEach(() => {
    lines.length = 0;
    for (const method of methods) {
      vi.spyOn(log, method).mockImplementation((...args: unknown[]) => {
        lines.push(args.map(String).join(" "));
      });
    }
  });
  return lines;
}
