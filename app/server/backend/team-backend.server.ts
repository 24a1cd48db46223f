import type { Locale } from "~/i18n/locale";
import type { TeamMember } from "~/types/submissions";
import type { Outcome, StudentProof } from "./council-backend.server";

/**
 * The council backend's part for hackathon teams beyond registering and listing them (council-backend.server.ts): a
 * leader's own teams and "Add a member", and what the links in a team's e-mails do (docs/decisions/0022).
 */

/** What a team member's link is about, as its page shows it. */
export interface TeamNotice {
  teamName: string;
  leaderName: string;
  memberName: string;
  confirmed: boolean;
  /**
   * "leader": the link of the leader's receipt, while the members wait to be told (docs/decisions/0022); `confirmed`
   * then says they were told.
   */
  role?: "leader" | "member";
}

/** What the leader's "Tell my team's members" did. */
export interface TeamTold {
  teamName: string;
  /** How many members were told now. */
  told: number;
  /** The members left out: their addresses are in another team already (said only to the proven leader). */
  taken: string[];
  /** The leader's own address is in another team already: nobody was told, the team stays as it was. */
  leaderTaken?: string;
  /** Nobody was waiting: the members were told before (a second press). */
  already?: true;
}

/**
 * Who sends a team: the signed-in account's key, and its address once confirmed. A team whose leader's row is that
 * confirmed address is the proven leader's: its members are told at once; any other waits for the leader's link.
 */
export interface TeamSender {
  accountKey: string;
  verifiedEmail?: string;
}

/**
 * A registration whose receipt a cap on the leader's address held back (docs/decisions/0022); `membersWaiting`: the
 * team is held, and with the receipt went its link that tells the members (its proven leader's profile still can).
 */
export interface TeamReceipt {
  receiptHeld: true;
  membersWaiting: boolean;
}

/**
 * "Add a member": how many the team has now, whether the new member was told, and `noReceipt` when the team waits
 * for its leader's link that was never sent.
 */
export interface MemberAdded {
  members: number;
  told: boolean;
  noReceipt?: true;
}

/** A team the student is proven to lead (docs/decisions/0017), as their profile shows it. */
export interface LedTeam {
  id: number;
  teamName: string;
  /**
   * Members of the team wait for the leader's word, and this account may give it: its confirmed address is the
   * leader's row. The profile then offers "Tell my team's members".
   */
  mayTellMembers: boolean;
  /**
   * Leader first, then by position. `told`: the member's notice with their link was sent (not held for the leader's
   * word, nor by a cap).
   */
  members: { name: string; role: "leader" | "member"; confirmed: boolean; told: boolean }[];
}

/**
 * A team's members hear of it and answer without an account: each member's notice carries a link of their own (only
 * its SHA-256 is kept). Opening it changes nothing; its page's buttons confirm, or remove the member. `undefined` in a
 * value: no such link (never sent, or the member already removed).
 */
export interface TeamMembers {
  notice(token: string): Promise<Outcome<TeamNotice | undefined>>;
  /** `already`: they had confirmed before. */
  confirm(token: string): Promise<Outcome<{ teamName: string; already: boolean } | undefined>>;
  /** Erases the member's row and their notice, and tells the leader; `members`: how many the team has now. */
  remove(token: string): Promise<Outcome<{ teamName: string; members: number } | undefined>>;
  /** The leader's link: the members of a team waiting for its leader are told (undefined: no such link). */
  tellMembers(token: string): Promise<Outcome<TeamTold | undefined>>;
  /**
   * The same, from the profile of the team's proven leader: signed in to an account whose confirmed address is the
   * leader's row (undefined: not a team the account is proven to lead, or no longer there).
   */
  tellMembersAsLeader(proof: StudentProof, teamId: number): Promise<Outcome<TeamTold | undefined>>;
  /** The teams the student is proven to lead. */
  ledBy(proof: StudentProof): Promise<Outcome<LedTeam[]>>;
  /**
   * Adds a member at a free position of a team the student is proven to lead, and sends them their notice when the
   * leader's address is confirmed and the team's members were told (`told`; otherwise the notice waits).
   * `rejected` with the reason: not their team, already six, the e-mail in a team already.
   */
  addMember(proof: StudentProof, teamId: number, member: TeamMember, locale?: Locale): Promise<Outcome<MemberAdded>>;
}
