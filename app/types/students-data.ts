/**
 * What a student's profile shows of their data (the "What you sent" section): a summary the server builds from the
 * stores, shaped for the page, with nothing the page does not show. Shared by the server and the browser.
 */
export interface SentSummary {
  applications: { club: string; receivedAt: string; decision: "received" | "accepted" | "declined" }[];
  teams: { teamName: string; role: "leader" | "member"; receivedAt: string }[];
  ideas: { title: string; receivedAt: string }[];
  suggestions: { problem: string; receivedAt: string }[];
  /** The ID card photo: kept (until when), deleted (when), or none on file. */
  idCard: { status: "kept"; deleteOn: string } | { status: "deleted"; deletedAt: string } | { status: "none" };
}

/** A hackathon team the student is proven to lead, as the profile and "Delete my account" show it. */
export interface LedTeamSummary {
  id: number;
  teamName: string;
  /** Its members wait for the leader's word, and this account is proven to give it: "Tell my team's members". */
  mayTellMembers: boolean;
  /** `told`: the member's notice with their link was sent (not held for the leader's word, nor by a cap). */
  members: { name: string; role: "leader" | "member"; confirmed: boolean; told: boolean }[];
}
