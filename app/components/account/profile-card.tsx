import { useEffect, useState } from "react";
import { currentTexts, useText } from "~/i18n/use-text";
import { textFunction } from "~/i18n/text";
import { Form } from "react-router";
import type { Catalogue } from "~/i18n/catalogue/en";
import { intlLocales, type Locale } from "~/i18n/locale";
import { useLocale, useLocalizedPath } from "~/i18n/use-locale";
import { FormMessage, SubmitButton } from "~/components/form-fields/field";
import type { CouncilUser } from "~/types/accounts";
import { displayPhone } from "~/forms/phone";
import { useHydrated } from "~/delivery/use-hydrated";

/** What the profile card shows, with a fallback wording for each missing field. */
interface ProfileCardText {
  username: string;
  branchAndCollege: string;
  email: string;
  phone: string;
  college: string;
  dobAndGender: string;
  bio: string;
}

const present = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** The card's words: the page's `t`, or (where no page is rendered, as in a test) the texts outside a page. */
type CardWords = (key: `account.profile.${keyof Catalogue["account"]["profile"]}`) => string;
const defaultWords: CardWords = (key) => textFunction(currentTexts())(key);

const genderKeys = { Male: "genderMale", Female: "genderFemale", Other: "genderOther" } as const;

/**
 * "2004-09-05" or "2004-09-05T00:00:00.000Z" reads as "5 September 2004" ("5 सितंबर 2004" in Hindi); anything else
 * is shown as given.
 */
function readableDate(value: string, locale: Locale): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T.*)?$/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(intlLocales[locale], {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(date);
}

export function profileCardText(
  user: CouncilUser,
  t: CardWords = defaultWords,
  locale: Locale = "en",
): ProfileCardText {
  const dob = present(user.dob);
  const gender = present(user.gender);
  const genderKey =
    gender && Object.hasOwn(genderKeys, gender) ? genderKeys[gender as keyof typeof genderKeys] : undefined;
  return {
    username: present(user.username) ?? t("account.profile.yourProfile"),
    branchAndCollege: `${present(user.branch) ?? t("account.profile.branchMissing")} | ${present(user.college) ?? t("account.profile.collegeMissing")}`,
    // These two have no wording of their own; 'Not Provided' is the card's wording for a missing entry.
    email: present(user.email) ?? t("account.profile.notProvided"),
    phone: displayPhone(present(user.phone) ?? t("account.profile.notProvided")),
    college: present(user.college) ?? t("account.profile.notProvided"),
    dobAndGender: `${dob ? readableDate(dob, locale) : t("account.profile.dobMissing")} | ${genderKey ? t(`account.profile.${genderKey}`) : (gender ?? t("account.profile.genderMissing"))}`,
    bio: present(user.bio) ?? t("account.profile.noBio"),
  };
}

/** A user object with no field filled in is no user: the page then says "User not found". */
export function isEmptyUser(user: CouncilUser | null | undefined): boolean {
  return !user || Object.values(user).every((value) => typeof value !== "string" || value.trim() === "");
}

export function ProfileCard({
  user,
  contactEmail,
  logoutError,
}: {
  user: CouncilUser;
  contactEmail: string;
  logoutError?: string;
}) {
  const { t } = useText();
  const text = profileCardText(user, t, useLocale());
  return (
    <article className="mx-auto max-w-xl overflow-hidden rounded-3xl bg-white shadow-xl ring-1 ring-slate-200">
      <div className="h-24 bg-gradient-to-r from-red-800 to-accent" aria-hidden="true" />
      <div className="-mt-14 flex flex-col items-center px-6 pb-8 text-center sm:px-10">
        <AvatarPicker username={text.username} />
        <h1 className="mt-4 text-2xl font-bold text-ink sm:text-3xl">{text.username}</h1>
        <p className="mt-1 text-slate-700">{text.branchAndCollege}</p>

        <dl className="mt-6 grid w-full gap-3 text-left sm:grid-cols-2">
          <Detail label={t("account.profile.email")} value={text.email} />
          <Detail label={t("account.profile.phone")} value={text.phone} />
          <Detail label={t("account.profile.college")} value={text.college} />
          <Detail label={t("account.profile.dobAndGender")} value={text.dobAndGender} />
        </dl>

        <section aria-labelledby="profile-about" className="mt-6 w-full rounded-2xl bg-slate-50 p-5 text-left">
          <h2 id="profile-about" className="text-lg font-semibold text-ink">
            {t("account.profile.about")}
          </h2>
          <p className="mt-2 whitespace-pre-line text-slate-700">{text.bio}</p>
        </section>

        {logoutError ? (
          <div className="mt-6 w-full text-left">
            <FormMessage messages={[logoutError]} />
          </div>
        ) : null}

        <div className="mt-6 grid w-full gap-3 sm:grid-cols-2">
          <EditProfile contactEmail={contactEmail} />
          <LogoutForm />
        </div>
      </div>
    </article>
  );
}

/** Logout is a POST to the profile's action (a form, not a link), so no link or prefetch can sign anyone out. */
export function LogoutForm() {
  const { t } = useText();
  const localized = useLocalizedPath();
  return (
    <Form method="post" action={localized("/userProfile")}>
      <SubmitButton
        name="intent"
        value="logout"
        label={t("account.profile.logout")}
        pendingLabel={t("account.profile.loggingOut")}
      />
    </Form>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0 rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 wrap-anywhere text-slate-900">{value}</dd>
    </div>
  );
}

/**
 * Nothing can change a profile yet, so the Edit Profile button says so
 * (a disclosure: it works without scripts, and is never a control that silently does nothing).
 */
function EditProfile({ contactEmail }: { contactEmail: string }) {
  const { t } = useText();
  return (
    <details className="group sm:col-span-1">
      <summary className="flex cursor-pointer list-none items-center justify-center rounded-md border-2 border-accent px-5 py-2.5 font-semibold text-accent hover:bg-red-50 focus-ring [&::-webkit-details-marker]:hidden">
        {t("account.profile.editProfile")}
      </summary>
      <p role="note" className="mt-3 rounded-md bg-slate-50 p-3 text-left text-sm text-slate-700">
        {t("account.profile.editNoteBefore")}{" "}
        <a href={`mailto:${contactEmail}`} className="font-medium text-accent underline">
          {contactEmail}
        </a>
        {t("account.profile.editNoteAfter")}
      </p>
    </details>
  );
}

/**
 * The round avatar. With scripts, clicking it picks any image file and shows it as a local preview;
 * the picture never leaves the browser. Without scripts there is no preview to show, so no picker is offered.
 */
function AvatarPicker({ username }: { username: string }) {
  const hydrated = useHydrated();
  const { t } = useText();
  const [previewUrl, setPreviewUrl] = useState<string>();

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const initial = username.trim().charAt(0).toUpperCase() || "?";
  const face = previewUrl ? (
    // "Profile picture" names what the image is (the avatar), not that it is an image.
    <img
      src={previewUrl}
      alt={t("account.profile.pictureChosen", { name: username })}
      className="size-full object-cover"
    />
  ) : (
    <span
      role="img"
      aria-label={t("account.profile.pictureOf", { name: username })}
      className="text-4xl font-bold text-accent"
    >
      {initial}
    </span>
  );
  const circle =
    "flex size-28 items-center justify-center overflow-hidden rounded-full border-4 border-white bg-red-50 shadow-lg";

  if (!hydrated) return <div className={circle}>{face}</div>;

  return (
    <div className="flex flex-col items-center">
      <label
        htmlFor="profile-avatar"
        className={`${circle} cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-accent`}
      >
        {face}
      </label>
      <input
        id="profile-avatar"
        type="file"
        accept="image/*"
        aria-label={t("account.profile.changePicture")}
        className="sr-only"
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (file && file.type.startsWith("image/")) setPreviewUrl(URL.createObjectURL(file));
        }}
      />
      <span aria-hidden="true" className="mt-2 text-sm text-slate-600">
        {t("account.profile.clickToChange")}
      </span>
    </div>
  );
}
