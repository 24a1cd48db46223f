/**
 * The council backend: everything the forms send or ask, in the specification's words (section 7).
 * Two adapters implement it — the council API (`COUNCIL_API_URL`) and the built-in SQLite store — and the routes
 * never know which one runs. Failures cross this interface as typed results, never as thrown HTTP details:
 *
 * - `rejected`: the backend answered and said no (wrong password, team name taken); `message` is its reason when
 *   it gave one, shown to the visitor where the specification says so ("Error: " + message).
 * - `unavailable`: no usable answer (timeout, refused connection, 5xx, an answer that is not JSON). The routes
 *   turn it into the specification's network messages; the adapter has already logged the details.
 */

export type Failure = { ok: false; reason: "rejected"; message?: string } | { ok: false; reason: "unavailable" };
export type Success<T> = [T] extends [void] ? { ok: true } : { ok: true; value: T };
export type Outcome<T = void> = Success<T> | Failure;

/** Section 3, "Council application" (the /join form). `phone` is the 10 digits without +91; `dob` is YYYY-MM-DD. */
export interface CouncilApplication {
  name: string;
  email: string;
  phone: string;
  enrollment: string;
  dob: string;
  gender: "Male" | "Female" | "Other";
  college: string;
  department: string;
  year: string;
  club: string;
  motivation: string;
  terms: true;
}

/** Section 3, "User registration form". `phone` is stored with the +91 prefix; `dob` is YYYY-MM-DD. */
export interface AccountRegistration {
  username: string;
  email: string;
  phone: string;
  enrollment: string;
  college: string;
  branch: string;
  dob: string;
  gender: "Male" | "Female" | "Other";
  /** Already checked on the server to be a real image of at most 5 MB. */
  idCard: { mediaType: string; bytes: Uint8Array };
}

/** Section 3, "Team member". `skills` is "" when left empty. */
export interface TeamMember {
  name: string;
  email: string;
  phone: string;
  gender: "male" | "female" | "other";
  institution: string;
  skills: string;
  role: "leader" | "member";
}

export type TeamCategory = "coding" | "design" | "innovation" | "business";

/** Section 3, "Team registration". */
export interface TeamRegistration {
  teamName: string;
  category: TeamCategory;
  description: string;
  members: TeamMember[];
}

/** Section 3, "Registered team list item". */
export interface RegisteredTeam {
  _id: string;
  teamName: string;
  category: string;
}

/** The user as the profile card shows it (section 2, "Profile"); absent fields get the specified fallbacks. */
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

/**
 * What the backend needs to recognise a signed-in visitor again, kept inside our signed session cookie:
 * the council API's own cookies (a Cookie header value), or the built-in store's session token.
 */
export type BackendCredentials = string;

export type SignedInState =
  | { status: "signed-in"; user: CouncilUser }
  /** The backend answered that nobody is signed in (section 7: "Not ok ... goes to /login"). */
  | { status: "signed-out" }
  /** No usable answer (section 7: "Network exception ... goes to /auth/login"). */
  | { status: "unavailable" };

export interface CouncilBackend {
  /** Shown once in the start-up log line. */
  readonly description: string;

  /** POST /council/apply. */
  applyToCouncil(application: CouncilApplication): Promise<Outcome>;
  /** The user registration form. The council API version sends nothing (section 7); the store creates the account. */
  registerAccount(registration: AccountRegistration): Promise<Outcome>;
  /** POST {api}/auth/login with College ID and password (the date of birth as DDMMYYYY). */
  logIn(collegeId: string, password: string): Promise<Outcome<BackendCredentials>>;
  /** GET {host}/auth/me. */
  whoIsSignedIn(credentials: BackendCredentials): Promise<SignedInState>;
  /** GET {host}/auth/logout. */
  logOut(credentials: BackendCredentials): Promise<Outcome>;
  /** POST {api}/api/registration; `value` is the backend's success message when it gave one. */
  registerTeam(team: TeamRegistration): Promise<Outcome<string | undefined>>;
  /** GET {api}/api/registration. */
  listTeams(): Promise<Outcome<RegisteredTeam[]>>;
}
