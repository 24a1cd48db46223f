import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
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
