import type { ReactNode } from "react";
import { Link } from "react-router";
import { SubmitButton } from "~/components/form-fields/field";
import { accountsHref, type AccountsAddress } from "~/inbox/council-accounts-forms";
import {
  ButtonForm,
  CardRefusal,
  CardTitle,
  ConfirmationStep,
  CouncilCard,
  linkButton,
  StudentText,
  useSubmitting,
} from "~/inbox/council-screen-parts";
import { readableIndianTime } from "~/time/india-time";
import type { AccountAwaitingCheck, OpenClaim } from "~/server/backend/account-checks.server";

/**
 * The parts of /council/accounts: an account awaiting a check with its ID card and its two buttons, an open claim
 * with both ID cards side by side, and the confirmation step of the buttons that remove an account. Every button is a
 * plain POST form and every confirmation step an address (`?reject=`, `?uphold=`), so all of it works without scripts.
 */

/** The data the page hands its parts. */
export interface AccountChecksView {
  /** The list page shown, with the confirmation step open on it (`reject`, `uphold`), if any. */
  address: AccountsAddress;
  /** The refusal of the last button pressed, under the account or claim it was about. */
  refusal?: { subject: string; messages: string[] };
}

export const accountElementId = (key: string) => `account-${key}`;
export const claimElementId = (id: number) => `claim-${id}`;

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
          <dd className="mt-0.5 wrap-anywhere text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** An ID card as the member compares it; `src` undefined when the image was deleted after its retention period. */
function IdCard({ src, alt, caption }: { src: string | undefined; alt: string; caption: string }) {
  return (
    <figure className="min-w-0">
      {src ? (
        <a href={src} className="block rounded-lg focus-ring" target="_blank" rel="noreferrer">
          <img
            src={src}
            alt={alt}
            loading="lazy"
            className="max-h-72 w-full rounded-lg border border-slate-300 bg-slate-50 object-contain"
          />
        </a>
      ) : (
        <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">
          The ID card image was deleted after its retention period.
        </p>
      )}
      <figcaption className="mt-1 text-sm text-slate-600">{caption}</figcaption>
    </figure>
  );
}

const accountIdCardSrc = (key: string) => `/council/accounts/${key}/id-card`;
const claimIdCardSrc = (id: number) => `/council/accounts/claims/${id}/id-card`;

/** A card's place on the page: the refusal of a button pressed on it, and its addresses on the same list page. */
function cardPlace(view: AccountChecksView, subject: string, elementId: string) {
  const page = { q: view.address.q, page: view.address.page };
  return {
    refusal: view.refusal?.subject === subject ? view.refusal.messages : undefined,
    cardHref: `${accountsHref(page)}#${elementId}`,
    stepHref: (step: Pick<AccountsAddress, "reject" | "uphold">, stepId: string) =>
      `${accountsHref({ ...page, ...step })}#${stepId}`,
  };
}

/** A confirmation step's buttons: its form, and Cancel back to the card. */
function StepButtons({ cancelTo, children }: { cancelTo: string; children: ReactNode }) {
  return (
    <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
      {children}
      <Link to={cancelTo} preventScrollReset className={linkButton}>
        Cancel
      </Link>
    </div>
  );
}

export function AccountCard({ account, view }: { account: AccountAwaitingCheck; view: AccountChecksView }) {
  const elementId = accountElementId(account.key);
  const confirmingReject = view.address.reject === account.key;
  const submitting = useSubmitting();
  const confirming = submitting({ account: account.key, intent: "confirm" });
  const rejecting = submitting({ account: account.key, intent: "reject" });
  const { refusal, cardHref, stepHref } = cardPlace(view, account.key, elementId);
  return (
    <CouncilCard id={elementId}>
      <CardTitle cardId={elementId}>
        <StudentText>{account.name}</StudentText>
      </CardTitle>
      <p className="mt-0.5 text-sm text-slate-600">
        Registered <time dateTime={account.createdAt}>{readableIndianTime(account.createdAt)}</time>
      </p>
      <div className="mt-4 grid gap-5 md:grid-cols-2">
        <Details
          rows={[
            ["College ID", <StudentText key="id">{account.collegeId}</StudentText>],
            ["College", <StudentText key="college">{account.college}</StudentText>],
            ["Branch", <StudentText key="branch">{account.branch}</StudentText>],
            ["E-mail", account.emailVerified ? "Confirmed" : "Not confirmed yet"],
          ]}
        />
        <IdCard
          src={account.idCardKept ? accountIdCardSrc(account.key) : undefined}
          alt={`ID card sent with the account of ${account.name}`}
          caption="The ID card sent at registration"
        />
      </div>
      {account.idCardKept ? null : (
        <p className="mt-4 text-sm text-slate-700">
          Without the ID card there is nothing to compare the College ID with: it cannot be confirmed.
        </p>
      )}
      {confirmingReject ? (
        <ConfirmationStep
          id={`${elementId}-reject`}
          question={
            <>
              Reject the account of <StudentText>{account.name}</StudentText> (College ID{" "}
              <StudentText>{account.collegeId}</StudentText>)? The account and its ID card are removed, the College ID
              is free again, and the student gets an e-mail saying that the College ID did not match the ID card. It
              cannot be undone.
            </>
          }
        >
          <StepButtons cancelTo={cardHref}>
            <ButtonForm fields={{ intent: "reject", account: account.key }}>
              <SubmitButton
                label="Reject the account"
                pendingLabel="Rejecting..."
                pending={rejecting}
                aria-label={`Reject the account of ${account.name}`}
                className="sm:w-auto"
              />
            </ButtonForm>
          </StepButtons>
        </ConfirmationStep>
      ) : (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          {account.idCardKept ? (
            <ButtonForm fields={{ intent: "confirm", account: account.key }}>
              <SubmitButton
                label="Confirm College ID"
                pendingLabel="Saving..."
                pending={confirming}
                aria-label={`Confirm College ID: ${account.name}`}
                className="sm:w-auto"
              />
            </ButtonForm>
          ) : null}
          <Link
            to={stepHref({ reject: account.key }, `${elementId}-reject`)}
            preventScrollReset
            aria-label={`Reject: ${account.name}`}
            className={linkButton}
          >
            Reject
          </Link>
        </div>
      )}
      <CardRefusal messages={refusal} />
    </CouncilCard>
  );
}

export function ClaimCard({ claim, view }: { claim: OpenClaim; view: AccountChecksView }) {
  const elementId = claimElementId(claim.id);
  const confirmingUphold = view.address.uphold === claim.id;
  const submitting = useSubmitting();
  const resolving = submitting({ claim: String(claim.id), resolution: "claimant" });
  const keeping = submitting({ claim: String(claim.id), resolution: "account" });
  const { refusal, cardHref, stepHref } = cardPlace(view, String(claim.id), elementId);
  const { account, claimant } = claim;
  const resolveForm = (resolution: "claimant" | "account", button: ReactNode) => (
    <ButtonForm fields={{ intent: "resolve-claim", claim: claim.id, resolution }}>{button}</ButtonForm>
  );
  return (
    <CouncilCard id={elementId}>
      <CardTitle cardId={elementId}>
        College ID <StudentText>{claim.collegeId}</StudentText>
      </CardTitle>
      <p className="mt-0.5 text-sm text-slate-600">
        <StudentText>{claimant.name}</StudentText> (<StudentText>{claimant.email}</StudentText>) says it is theirs,{" "}
        <time dateTime={claim.createdAt}>{readableIndianTime(claim.createdAt)}</time>
      </p>
      <div className="mt-4 grid gap-5 sm:grid-cols-2">
        <IdCard
          src={claimIdCardSrc(claim.id)}
          alt={`ID card sent by ${claimant.name} with the claim`}
          caption={`Sent by ${claimant.name} with the claim`}
        />
        {account ? (
          <IdCard
            src={account.idCardKept ? accountIdCardSrc(account.key) : undefined}
            alt={`ID card sent with the account of ${account.name}`}
            caption={`Sent with the account of ${account.name} (${account.college}, ${account.branch}), registered ${readableIndianTime(account.createdAt)}${account.collegeIdChecked ? "; its College ID was confirmed" : ""}`}
          />
        ) : (
          <p className="rounded-lg bg-slate-100 p-4 text-sm text-slate-700">
            No account holds this College ID any more: it is free.
          </p>
        )}
      </div>
      {confirmingUphold && account ? (
        <ConfirmationStep
          id={`${elementId}-uphold`}
          question={
            <>
              Give College ID <StudentText>{claim.collegeId}</StudentText> to <StudentText>{claimant.name}</StudentText>
              ? The account of <StudentText>{account.name}</StudentText> is removed with its ID card, and both get an
              e-mail saying why. It cannot be undone.
            </>
          }
        >
          <StepButtons cancelTo={cardHref}>
            {resolveForm(
              "claimant",
              <SubmitButton
                label="Remove the account and tell both"
                pendingLabel="Saving..."
                pending={resolving}
                aria-label={`Remove the account and tell both: ${account.name}`}
                className="sm:w-auto"
              />,
            )}
          </StepButtons>
        </ConfirmationStep>
      ) : (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-center">
          {account ? (
            <Link
              to={stepHref({ uphold: claim.id }, `${elementId}-uphold`)}
              preventScrollReset
              aria-label={`It is ${claimant.name}'s: College ID ${claim.collegeId}`}
              className={linkButton}
            >
              {`It is ${claimant.name}'s`}
            </Link>
          ) : (
            resolveForm(
              "claimant",
              <SubmitButton
                label={`Tell ${claimant.name} it is free`}
                pendingLabel="Saving..."
                pending={resolving}
                className="sm:w-auto"
              />,
            )
          )}
          {account
            ? resolveForm(
                "account",
                <SubmitButton
                  label={`It stays with ${account.name}`}
                  pendingLabel="Saving..."
                  pending={keeping}
                  tone="secondary"
                  aria-label={`It stays with ${account.name}: College ID ${claim.collegeId}`}
                  className="sm:w-auto"
                />,
              )
            : null}
        </div>
      )}
      <CardRefusal messages={refusal} />
    </CouncilCard>
  );
}
