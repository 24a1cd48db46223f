import { z } from "~/forms/zod";

/**
 * The forms of /council/accounts: its address (search, page, and which confirmation step is open) and the buttons
 * (confirm or reject an account, resolve a "This College ID is mine" claim). Accounts are named by their key.
 */

export const accountsPageSize = 20;
export const accountSearchMaxLength = 100;
/** Open claims shown at once: they are rare, and the oldest come first. */
export const claimsShown = 50;

const accountKeyPattern = /^[0-9a-f]{32}$/;
export const isAccountKey = (value: unknown): value is string =>
  typeof value === "string" && accountKeyPattern.test(value);

/** A claim's id as an address or a form carries it; anything else is undefined. */
export function parseClaimId(value: unknown): number | undefined {
  if (typeof value !== "string" || !/^[1-9]\d{0,9}$/.test(value)) return undefined;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : undefined;
}

/** The page's address, forgiving: anything unusable falls back to no search, page 1 and no confirmation step. */
const accountsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .transform((text) => text.slice(0, accountSearchMaxLength))
    .catch(""),
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

export interface AccountsAddress {
  q: string;
  page: number;
  /** The account whose Reject asks for confirmation. */
  reject?: string;
  /** The claim whose "the College ID is the claimant's" asks for confirmation. */
  uphold?: number;
}

export function parseAccountsQuery(searchParams: URLSearchParams): AccountsAddress {
  const { q, page } = accountsQuerySchema.parse({
    q: searchParams.get("q") ?? "",
    page: searchParams.get("page") ?? undefined,
  });
  const reject = searchParams.get("reject");
  return {
    q,
    page,
    reject: isAccountKey(reject) ? reject : undefined,
    uphold: parseClaimId(searchParams.get("uphold")),
  };
}

/** The page's address; the defaults are left out. */
export function accountsHref({ q = "", page = 1, reject, uphold }: Partial<AccountsAddress> = {}): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (page > 1) params.set("page", String(page));
  if (reject) params.set("reject", reject);
  if (uphold) params.set("uphold", String(uphold));
  const query = params.toString();
  return query ? `/council/accounts?${query}` : "/council/accounts";
}

/**
 * What the page answers a request that cannot be carried out, in words a council member can act on; the store
 * refuses with codes, said in these words by app/inbox/refusals.ts.
 */
export const accountCheckMessages = {
  unknownAccount: "That account does not exist (any more).",
  unknownClaim: "That claim does not exist.",
  unknownIntent: "Choose Confirm College ID, Reject, or how to resolve the claim.",
  alreadyChecked: "This account's College ID was already checked.",
  idCardDeleted:
    "This account's ID card was deleted after its retention period, so its College ID cannot be checked against it.",
  ownAccount: "Another council member must decide about your own account.",
  claimResolved: "This claim was already resolved.",
} as const;

const accountField = z
  .string({ error: accountCheckMessages.unknownAccount })
  .refine(isAccountKey, { error: accountCheckMessages.unknownAccount });

const claimField = z.string({ error: accountCheckMessages.unknownClaim }).transform((value, context) => {
  const id = parseClaimId(value);
  if (id === undefined) {
    context.addIssue({ code: "custom", message: accountCheckMessages.unknownClaim });
    return z.NEVER;
  }
  return id;
});

/** Every button of the page, told apart by `intent`. */
export const accountCheckActionSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({ intent: z.literal("confirm"), account: accountField }),
    z.object({ intent: z.literal("reject"), account: accountField }),
    z.object({
      intent: z.literal("resolve-claim"),
      claim: claimField,
      resolution: z.enum(["claimant", "account"], { error: accountCheckMessages.unknownIntent }),
    }),
  ],
  { error: accountCheckMessages.unknownIntent },
);

/** A button's request is three short fields: anything near this size is not one of ours. */
export const accountCheckMaxBytes = 2 * 1024;

/** What the member reads after a button, as a flash message. */
export const accountCheckDone = {
  confirmed: (account: { name: string; collegeId: string }) =>
    `College ID ${account.collegeId} of ${account.name} confirmed.`,
  rejected: (account: { name: string; collegeId: string; told: boolean }) =>
    `The account of ${account.name} (${account.collegeId}) was removed.${account.told ? " An e-mail tells them why." : ""}`,
  resolved: (
    resolution: "claimant" | "account",
    claim: { collegeId: string; claimant: string; removedAccount?: string; told: boolean },
  ) =>
    resolution === "account"
      ? `College ID ${claim.collegeId} stays with its account; the claim of ${claim.claimant} is closed.${claim.told ? " They were told by e-mail." : ""}`
      : `College ID ${claim.collegeId} is now free for ${claim.claimant}${
          claim.removedAccount ? `: the account of ${claim.removedAccount} was removed` : ""
        }.${claim.told ? ` ${claim.removedAccount ? "Both were" : "They were"} told by e-mail.` : ""}`,
} as const;
