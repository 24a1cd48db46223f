/**
 * The form in which two College IDs are the same College ID. Neither engine knows that "０１０１ＳＩ" (full width) or
 * "0101ſı" (a long s, a dotless i) are what a reader takes for "0101SI", and SQLite's lower() folds ASCII only, so the
 * site decides, the same way everywhere: compatibility normalisation (NFKC), then full case folding (upper then lower
 * case, so "ß" and "SS" meet), without the spaces around it.
 */
export function collegeIdKey(collegeId: string): string {
  return collegeId.normalize("NFKC").toUpperCase().toLowerCase().normalize("NFKC").trim();
}
