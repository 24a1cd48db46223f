import { useText } from "~/i18n/use-text";

/**
 * The profile page's 'Loading profile...' while the user is fetched. The profile's loader asks the backend
 * before the page renders, so during a client navigation this stands in for the outgoing page (see root.tsx).
 */
export function ProfileLoading() {
  const { t } = useText();
  return (
    <div aria-busy="true" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <span
        aria-hidden="true"
        className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-accent motion-reduce:animate-none"
      />
      <p role="status" className="mt-4 text-lg font-medium text-slate-700">
        {t("account.profile.loading")}
      </p>
    </div>
  );
}
