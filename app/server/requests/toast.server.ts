import { createContext, createCookieSessionStorage, type RouterContextProvider } from "react-router";
import { createToastUtilsWithCustomSession, type ToastMessage } from "remix-toast";
import { localeOf, localizedPath } from "~/i18n/locale";
import { env } from "~/server/ops/env.server";

// remix-toast's own cookie is signed with a secret published in its source; ours is signed with SESSION_SECRET.
const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: "toast",
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: env.isProduction,
    secrets: env.sessionSecrets,
  },
});

const toasts = createToastUtilsWithCustomSession(toastSessionStorage);

export const { redirectWithSuccess } = toasts;

/**
 * `redirectWithSuccess` from a form on a page in either language: `path` is the English path, and the visitor goes to
 * it in the language of the page the form was sent from (/hi/join → /hi). The message is the caller's, in that
 * language (formTextsOf(request)).
 */
export function redirectWithSuccessFrom(
  request: Request,
  path: string,
  ...rest: Parameters<typeof redirectWithSuccess> extends [string, ...infer Rest] ? Rest : never
) {
  return redirectWithSuccess(localizedPath(localeOf(new URL(request.url).pathname), path), ...rest);
}

/**
 * The flash message waiting for this visitor, and the header that deletes its cookie. remix-toast would leave an
 * empty signed cookie behind, and any cookie keeps a visitor from the page cache for good.
 */
export async function getToast(
  request: Request,
): Promise<{ toast: Awaited<ReturnType<typeof toasts.getToast>>["toast"]; headers?: Headers }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader || !/(?:^|;\s*)toast=/.test(cookieHeader)) return { toast: undefined };
  const { toast } = await toasts.getToast(request);
  const session = await toastSessionStorage.getSession(cookieHeader);
  return { toast, headers: new Headers({ "Set-Cookie": await toastSessionStorage.destroySession(session) }) };
}

/** The toast of the page an action answers with (see toastWithAnswer); none unless the action gave one. */
const answerToast = createContext<ToastMessage | null>(null);

/**
 * Shows `toast` on the page this request answers with, as a flash toast is shown after a redirect: a refused form
 * without scripts comes back as that page. The root loader runs after the action in the same request and puts it in
 * the site's one toast area. (With scripts the form shows its toasts itself: no loader runs after a refused submit.)
 */
export function toastWithAnswer(context: Readonly<RouterContextProvider>, toast: ToastMessage | undefined): void {
  if (toast) context.set(answerToast, toast);
}

/** The toast an action gave the page of this request's answer, if any (read by the root loader). */
export function toastOfAnswer(context: Readonly<RouterContextProvider>): ToastMessage | undefined {
  return context.get(answerToast) ?? undefined;
}
