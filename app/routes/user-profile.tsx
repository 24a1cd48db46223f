import { data, Link, redirect } from "react-router";
import { isEmptyUser, LogoutForm, logoutMessages, ProfileCard } from "~/components/account/profile-card";
import { YourData } from "~/components/account/your-data";
import { FormMessage } from "~/components/forms/field";
import { logoutSchema } from "~/forms/logout";
import { metaFor } from "~/lib/meta";
import { identity } from "~/server/backend/index.server";
import { site } from "~/server/content.server";
import { log, requestId } from "~/server/log.server";
import { privatePage, privatePageHeaders } from "~/server/private-page.server";
import { receive } from "~/server/submission.server";
import { getCredentials, signOut } from "~/server/session.server";
import { sentSummary } from "~/server/students.server";
import { redirectWithSuccess } from "~/server/toast.server";
import type { Route } from "./+types/user-profile";

export const meta = metaFor("/userProfile");

// A profile is one visitor's personal data: no shared cache or back-forward cache may keep it.
export const headers = privatePageHeaders;

/** The signed-in student's profile, as the identity backend knows it, and a summary of what they sent. */
export async function loader({ request }: Route.LoaderArgs) {
  const credentials = await getCredentials(request);
  if (!credentials) throw redirect("/login");

  const state = await identity.whoIsSignedIn(credentials);
  if (state.status === "signed-out") {
    log.error({ reqId: requestId(request) }, "Failed to fetch user profile");
    // The backend no longer knows these credentials: drop them, so the next visit does not ask again.
    throw redirect("/login", { headers: { "Set-Cookie": await signOut(request) } });
  }
  if (state.status === "unavailable") {
    log.error({ reqId: requestId(request) }, "Error fetching profile");
    throw redirect("/auth/login");
  }
  const sent = state.collegeId
    ? await sentSummary(credentials, { enrollment: state.collegeId, email: state.user.email })
    : undefined;
  return data(
    { user: isEmptyUser(state.user) ? null : state.user, contactEmail: site.email, sent },
    { headers: privatePage },
  );
}

/** Logout: success goes home signed out; failure keeps the visitor signed in and says so. */
export async function action({ request }: Route.ActionArgs) {
  const received = await receive(request, { schema: logoutSchema, limit: "account" });
  if (!received.ok) return received.response;

  const credentials = await getCredentials(request);
  const outcome = credentials ? await identity.logOut(credentials) : ({ ok: true } as const);
  if (!outcome.ok) {
    const why = outcome.reason === "rejected" ? "the backend refused" : "backend unavailable";
    log.error({ reqId: requestId(request) }, `Logout failed: ${why}`);
    return received.fail("unavailable", logoutMessages.failed, { headers: privatePage });
  }
  return redirectWithSuccess("/", logoutMessages.done, { headers: { "Set-Cookie": await signOut(request) } });
}

export default function UserProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { user, contactEmail, sent } = loaderData;
  const logoutError = actionData?.error?.[""]?.[0] ?? actionData?.error?.intent?.[0];
  if (!user) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-3xl font-bold text-ink">User not found</h1>
        <p className="mt-3 text-slate-700">Your account has no profile details yet.</p>
        <div className="mx-auto mt-6 max-w-xs space-y-3">
          <FormMessage messages={logoutError ? [logoutError] : null} />
          <LogoutForm />
        </div>
        <Link to="/" className="mt-6 inline-block font-semibold text-accent underline underline-offset-2">
          Go Back Home
        </Link>
      </div>
    );
  }
  return (
    <div className="px-4 py-12 sm:py-16">
      <ProfileCard user={user} contactEmail={contactEmail} logoutError={logoutError} />
      <YourData sent={sent} contactEmail={contactEmail} />
    </div>
  );
}
