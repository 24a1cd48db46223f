import { migration as applicationsAccountsTeams } from "./001-applications-accounts-teams";
import { migration as profiles } from "./002-profiles";
import { migration as councilInbox } from "./003-council-inbox";
import { migration as caseFreeLookups } from "./004-case-free-lookups";
import { migration as studentsData } from "./005-students-data";
import { migration as provenIdentity } from "./006-proven-identity-and-outbox";
import { migration as studentsHearBack } from "./007-students-hear-back";
import { migration as idsNeverReused } from "./008-ids-never-reused";
import { migration as languageOfThePage } from "./009-language-of-the-page";
import { migration as disownedAddresses } from "./010-disowned-addresses";
import { migration as collegeIdReservations } from "./011-college-id-reservations";
import { migration as whoTheSiteWritesTo } from "./012-who-the-site-writes-to";
import { migration as accountKeys } from "./013-account-keys-and-college-id-keys";
import { migration as outboxEvents } from "./014-outbox-events";
import { migration as contentVersions } from "./015-content-versions";
import { migration as clubCoordinators } from "./016-club-coordinators";
import { migration as contentImages } from "./017-content-images";
import { migration as profilePhones } from "./018-profile-phones";

/**
 * One schema change: the same version number on both engines, written once per engine because their column types
 * and case-folding differ. A migration is never edited once released; a change is a new file with the next number.
 */
export interface Migration {
  version: number;
  name: string;
  sqlite: string;
  postgres: string;
}

/** Oldest first; the versions run 1, 2, 3 ... without gaps. */
export const migrations: readonly Migration[] = [
  applicationsAccountsTeams,
  profiles,
  councilInbox,
  caseFreeLookups,
  studentsData,
  provenIdentity,
  studentsHearBack,
  idsNeverReused,
  languageOfThePage,
  disownedAddresses,
  collegeIdReservations,
  whoTheSiteWritesTo,
  accountKeys,
  outboxEvents,
  contentVersions,
  clubCoordinators,
  contentImages,
  profilePhones,
];

/** The newest migration's version (the list is read by version, not by its length). */
export const latestVersion = migrations.at(-1)?.version ?? 0;
