/**
 * When two typed College IDs are the same account: one rule for the login lockout, registration's uniqueness,
 * look-ups and the Firebase uid, so no spelling reaches an account while counting against another key.
 *
 * NFKC first (full-width digits, ligatures such as ﬆ, the Kelvin sign), then full case folding. JavaScript has no case
 * fold of its own; lower case then upper case gives the same classes for what a College ID is made of: ß, ẞ → SS,
 * ſ → S, ı → I, ﬆ → ST (upper case alone leaves ẞ apart from ß, lower case alone leaves ſ and ı apart from s and i).
 * NFKC again, since case mapping can produce decomposed text; the whole is repeated until it no longer changes (twice
 * at most for anything tested), so the key of a key is itself.
 */
export function collegeIdKey(collegeId: string): string {
  let key = collegeId.trim();
  for (let round = 0; round < 4; round += 1) {
    const next = key.normalize("NFKC").toLowerCase().toUpperCase().normalize("NFKC").trim();
    if (next === key) break;
    key = next;
  }
  return key;
}

/** Whether two typed College IDs name the same account. */
export const sameCollegeId = (a: string, b: string) => collegeIdKey(a) === collegeIdKey(b);
