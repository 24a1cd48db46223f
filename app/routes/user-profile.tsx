import { fillText } from "~/i18n/text";
import { data, Link, redirect } from "react-router";
import { isEmptyUser, LogoutForm, ProfileCard } from "~/components/account/profile-card";
import { EmailStatus } from "~/components/account/email-status";
import { momentsOf, YourData } from "~/components/account/your-data";
import { FormMessage } from "~/components/form-fields/field";
import { createLogoutSchema } from "~/forms/logout";
import { type FormTexts, waitIn } from "~/forms/texts";
import { identity, inbox } from "~/server/backend/running-backends.server";
import { events, site } from "~/content/content.server";
import { limits, retryAfterSeconds } from "~/server/requests/limits.server";
import { log, requestId } from "~/server/ops/log.server";
import { privatePage } from "~/delivery/headers.server";
import { receive } from "~/server/requests/submission.server";
import { getCredentials, signOut } from "~/server/accounts/session.server";
import type { BackendCredentials } from "~/server/backend/council-backend.server";
import { sentSummary } from "~/server/students/students-data.server";
import { ledTeams, tellMembersAsLeader } from "~/server/students/led-teams.server";
import { registrationState } from "~/time/registration-window";
import { redirectWithSuccessFrom } from "~/server/requests/toast.server";
import { formTextsOf } from "~/server/requests/form-texts.server";
import { refusalFor } from "~/server/requests/refusals.server";
import type { Route } from "./+types/user-profile";
import { useText } from "~/i18n/use-text";
import { localeOf, localizedPath } from "~/i18n/locale";
import { useLocalizedPath } from "~/i18n/use-locale";
import { readableIndianTimeIn } from "~/time/localized-time";

/** The signed-in student's profile, as the identity backend knows it, and a summary of what they sent. */
export async function loader({ request }: Route.LoaderArgs) {
  const locale = localeOf(new URL(request.url).pathname);
  // A Hindi profile sends the visitor to the Hindi login.
  const login = localizedPath(locale, "/login");
  const credentials = await getCredentials(request);
  if (!credentials) throw redirect(login);

  const state = await identity.whoIsSignedIn(credentials);
  if (state.status === "signed-out") {
    log.error({ reqId: requestId(request) }, "Failed to fetch user profile");
    // The backend no longer knows these credentials: drop them, so the next visit does not ask again.
    throw redirect(login, { headers: { "Set-Cookie": await signOut(request) } });
  }
  if (state.status === "unavailable") {
    log.error({ reqId: requestId(request) }, "Error fetching profile");
    throw redirect(localizedPath(locale, "/auth/login"));
  }
  const sent = state.collegeId ? await sentSummary(credentials) : undefined;
  // The teams this student leads, with each member's answer; "Add a member" only while registration is open.
  const teams = sent ? await ledTeams(credentials) : undefined;
  const addingMembers = registrationState(events.hackathon.registration).state === "open";
  // Where the identity backend proves addresses, the profile says whether this one is.
  const emailVerified = identity.emailVerification ? (state.emailVerified ?? false) : undefined;
  const sendsLinks = identity.emailVerification?.sendsLinks ?? false;
  // A council member's way to the inbox: here rather than in the header's bar, which has no room on a phone; /council
  // checks the role again on every request.
  const councilInbox = state.councilMember === true && inbox !== undefined;
  return data(
    {
      user: isEmptyUser(state.user) ? null : state.user,
      contactEmail: site.email,
      sent,
      // The moments the summary shows, in the page's language (here, so the browser hydrates the same text).
      times: Object.fromEntries(
        (sent ? momentsOf(sent) : []).map((moment) => [moment, readableIndianTimeIn(moment, locale)]),
      ),
      emailVerified,
      sendsLinks,
      ledTeams: teams ?? [],
      addingMembers,
      councilInbox,
    },
    { headers: privatePage },
  );
}

type ProfileButton = Extract<Awaited<ReturnType<typeof receive>>, { ok: true }>;

/**
 * Logout: success goes home signed out; failure keeps the visitor signed in and says so. "Send the link again" and
 * "Tell my team's members" below.
 */
export async function action({ request }: Route.ActionArgs) {
  // Every message in the language of the page the form was sent from (/hi/userProfile: Hindi).
  const texts = formTextsOf(request);
  // No budget per client address: logging out is never limited (it only ever ends a session), and the other buttons
  // are limited per account below, so a neighbour behind the same address can block none of them.
  const received = await receive(request, { schema: createLogoutSchema(texts), limit: "in-action" });
  if (!received.ok) return received.response;

  const credentials = await getCredentials(request);
  const pressed = received.value;
  if (pressed.intent === "send-verification") return sendVerificationLink(request, received, texts);
  if (pressed.intent === "tell-members") return tellTeamMembers(request, received, texts, pressed.team);

  const outcome = credentials ? await identity.logOut(credentials) : ({ ok: true } as const);
  if (!outcome.ok) {
    const why = outcome.reason === "rejected" ? "the backend refused" : "backend unavailable";
    log.error({ reqId: requestId(request) }, `Logout failed: ${why}`);
    return received.fail("unavailable", texts.logout.failed, { headers: privatePage });
  }
  return redirectWithSuccessFrom(request, "/", texts.logout.done, {
    headers: { "Set-Cookie": await signOut(request) },
  });
}

/**
 * The signed-in account behind a profile button, with the button's per-account limit reserved before its work, as
 * every limit is (never per client address, so a neighbour behind the same address blocks nobody). A visitor signed
 * out is sent to log in, as the profile itself does; otherwise `refused` is the answer to give.
 */
async function pressedByAccount(
  request: Request,
  received: ProfileButton,
  texts: FormTexts,
  button: { policy: "verification-link" | "tell-members"; failed: string; tooMany: string },
): Promise<{ credentials: BackendCredentials } | { refused: Response | ReturnType<ProfileButton["fail"]> }> {
  const login = localizedPath(localeOf(new URL(request.url).pathname), "/login");
  const credentials = await getCredentials(request);
  if (!credentials) throw redirect(login);
  const state = await identity.whoIsSignedIn(credentials);
  if (state.status === "signed-out") throw redirect(login, { headers: { "Set-Cookie": await signOut(request) } });
  if (state.status === "unavailable") {
    return { refused: received.fail("unavailable", button.failed, { headers: privatePage }) };
  }
  const reservation = await limits.reserve(button.policy, state.accountKey ?? state.collegeId ?? credentials);
  if (reservation.allowed) return { credentials };
  const wait = waitIn(texts, reservation.retryAfterMs);
  return {
    refused: received.fail("tooMany", fillText(button.tooMany, { wait }), {
      headers: { ...privatePage, "Retry-After": retryAfterSeconds(reservation.retryAfterMs) },
    }),
  };
}

/** "Send the link again": a new verification link to the signed-in account's address, at most three an hour. */
async function sendVerificationLink(request: Request, received: ProfileButton, texts: FormTexts) {
  const messages = texts.verifyEmail;
  const verification = identity.emailVerification;
  const pressed = await pressedByAccount(request, received, texts, {
    policy: "verification-link",
    failed: messages.failed,
    tooMany: messages.tooManyLinks,
  });
  if ("refused" in pressed) return pressed.refused;
  if (!verification) return received.fail("missing", messages.notOffered, { headers: privatePage });
  const sent = await verification.sendLink(pressed.credentials, localeOf(new URL(request.url).pathname));
  if (sent.ok) return redirectWithSuccessFrom(request, "/userProfile", messages.linkSent, { headers: privatePage });
  if (sent.reason === "rejected") {
    return received.fail("refused", refusalFor(request, sent.refusal) ?? messages.failed, { headers: privatePage });
  }
  return received.fail("unavailable", messages.failed, { headers: privatePage });
}

/**
 * "Tell my team's members" on a team whose members wait for its leader's word: what the button behind the link in the
 * team's receipt does, for the team's proven leader, signed in with the leader's row as their confirmed address
 * (docs/decisions/0022). Anyone else is refused and nothing is written.
 */
async function tellTeamMembers(request: Request, received: ProfileButton, texts: FormTexts, teamId: number) {
  const messages = texts.teamMember;
  const refuse = (kind: Parameters<ProfileButton["fail"]>[0], message: string) =>
    received.fail(kind, message, { headers: privatePage });
  const pressed = await pressedByAccount(request, received, texts, {
    policy: "tell-members",
    failed: messages.failed,
    tooMany: texts.submission.tooManyFromAccount,
  });
  if ("refused" in pressed) return pressed.refused;
  const told = await tellMembersAsLeader(pressed.credentials, teamId);
  if (!told) return refuse("missing", messages.off);
  if (!told.ok && told.reason === "rejected") {
    return refuse("conflict", refusalFor(request, told.refusal) ?? messages.failed);
  }
  if (!told.ok) return refuse("unavailable", messages.failed);
  // The same answer for a team that is not this account's to tell and for one that does not exist.
  if (!told.value) return refuse("notYours", messages.leaderOnly);
  if (told.value.already) return refuse("conflict", messages.alreadyTold);
  if (told.value.leaderTaken) {
    const message = refusalFor(request, { code: "inAnotherTeam", email: told.value.leaderTaken });
    return refuse("conflict", message ?? messages.failed);
  }
  const done =
    told.value.taken.length > 0
      ? fillText(messages.toldExcept, { emails: told.value.taken.join(", ") })
      : messages.told;
  return redirectWithSuccessFrom(request, "/userProfile", done, { headers: privatePage });
}

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const {
    user,
    contactEmail,
    sent,
    times,
    emailVerified,
    sendsLinks,
    ledTeams: teams,
    addingMembers,
    councilInbox,
  } = loaderData;
  const actionError = actionData?.error?.[""]?.[0] ?? actionData?.error?.intent?.[0] ?? actionData?.error?.team?.[0];
  // The reply names the button that was pressed: its message shows beside that button.
  const pressed = actionData?.initialValue?.intent;
  const aboutVerification = pressed === "send-verification";
  const aboutTeam = pressed === "tell-members" && actionError ? actionError : undefined;
  const logoutError = aboutVerification || aboutTeam ? undefined : actionError;
  const team = actionData?.initialValue?.team;
  const pressedTeam = typeof team === "string" ? team : "";
  const { t } = useText();
  const localized = useLocalizedPath();
  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-ink">{t("account.profile.notFound")}</h1>
        <p className="mt-3 text-slate-700">{t("account.profile.noDetails")}</p>
        <div className="mx-auto mt-6 max-w-xs space-y-3">
          <FormMessage messages={logoutError ? [logoutError] : null} />
          <LogoutForm />
        </div>
        <Link to={localized("/")} className="mt-6 inline-block font-semibold text-accent underline underline-offset-2">
          {t("account.profile.goBackHome")}
        </Link>
      </div>
    );
  }
  return (
    <div className="px-4 py-12 sm:py-16">
      <ProfileCard user={user} contactEmail={contactEmail} logoutError={logoutError} />
      {councilInbox ? (
        <p className="mx-auto mt-8 max-w-xl text-center">
          <Link
            to="/council"
            className="inline-flex min-h-11 items-center rounded-md px-5 py-2 font-semibold text-accent ring-2 ring-accent ring-inset hover:bg-red-50 focus-ring"
          >
            {t("account.profile.councilInbox")}
          </Link>
        </p>
      ) : null}
      {emailVerified !== undefined ? (
        <EmailStatus
          email={user.email ?? ""}
          contactEmail={contactEmail}
          status={{
            verified: emailVerified,
            sendsLinks,
            message: aboutVerification && actionError ? { tone: "error", text: actionError } : undefined,
          }}
        />
      ) : null}
      <YourData
        sent={sent}
        times={times}
        contactEmail={contactEmail}
        ledTeams={teams}
        addingMembers={addingMembers}
        teamMessage={aboutTeam ? { teamId: pressedTeam, text: aboutTeam } : undefined}
      />
    </div>
  );
}
