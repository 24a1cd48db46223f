/** The signed-in visitor as pages show them. Plain types with no server code, so components can use them too. */

/** The user as the profile card shows it; absent fields get the card's fallbacks ("Branch N/A", "Not Provided" ...). */
export interface CouncilUser {
  username?: string;
  branch?: string;
  college?: string;
  email?: string;
  phone?: string;
  dob?: string;
  gender?: string;
  bio?: string;
}

/** What the header shows of the visitor: signed out (null), or signed in with the first name when it is known. */
export type HeaderAccount = { firstName: string | null } | null;
