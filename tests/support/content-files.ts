import { readContentFiles } from "~/content/content-files.server";
import type { ContentData } from "~/content/parts";

/** The test run's content (CONTENT_DIR) as the files hold it, read afresh: what a store is seeded with. */
export function testContentFiles(): ContentData {
  const read = readContentFiles(process.env.CONTENT_DIR!);
  if (!read.ok) throw new Error(read.problem.message);
  return read.content;
}
