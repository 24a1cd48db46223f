import { createCookieSessionStorage } from "react-router";
import { createToastUtilsWithCustomSession } from "remix-toast";
import { env } from "./env.server";

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

export const { getToast, redirectWithSuccess, redirectWithError, redirectWithWarning, dataWithSuccess, dataWithError } =
  createToastUtilsWithCustomSession(toastSessionStorage);
