import { fields, privacyNote, rules, submission, successDialog } from "./forms/common-texts";
import { join } from "./forms/join-texts";
import { ideas, suggestion } from "./forms/note-texts";
import { collegeIdClaim, idCard, login, registration, verifyEmail } from "./forms/sign-in-texts";
import { refusals } from "./forms/refusal-texts";
import { deleteAccount, logout } from "./forms/profile-texts";
import { member, team, teamMember } from "./forms/team-texts";

/**
 * The forms' words in English (see ../en.ts): labels, hints, buttons and every message, the specification's texts
 * quoted exactly. The schemas in app/forms/ take this area (or hi/forms.ts) as `FormTexts` and build their messages
 * from it, on the server and in the browser (app/forms/texts.ts). Written in parts under forms/, one a form or a group
 * of forms, each key once; hi/forms.ts has the same parts.
 */
export const forms = {
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
} as const;
