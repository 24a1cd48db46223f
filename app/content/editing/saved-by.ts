/** Who saved a version, as the council's pages say it: the command line, the first files, or an account's key. */
export function savedByText(savedBy: string, yourKey?: string): string {
  if (savedBy === "cli") return "the command line";
  if (savedBy === "seed") return "the first content files";
  return savedBy === yourKey ? `account ${savedBy} (you)` : `account ${savedBy}`;
}
