import type { Catalogue } from "../en";
import { fields, privacyNote, rules, submission, successDialog } from "./forms/common-texts";
import { join } from "./forms/join-texts";
import { ideas, suggestion } from "./forms/note-texts";
import { collegeIdClaim, idCard, login, registration, verifyEmail } from "./forms/sign-in-texts";
import { refusals } from "./forms/refusal-texts";
import { deleteAccount, logout } from "./forms/profile-texts";
import { member, team, teamMember } from "./forms/team-texts";

/** The forms' words in Hindi (see ../hi.ts and ../en/forms.ts), in the same parts under forms/. */
export const forms: Catalogue["forms"] = {
  rules,
  fields,
  submission,
  privacyNote,
  successDialog,
  join,
  suggestion,
  ideas,
  login,
  idCard,
  registration,
  collegeIdClaim,
  refusals,
  verifyEmail,
  logout,
  deleteAccount,
  team,
  member,
  teamMember,
};
