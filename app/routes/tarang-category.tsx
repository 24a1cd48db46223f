import { englishPath, localeOf } from "~/i18n/locale";
import { data } from "react-router";
import { TarangCategoryDetails } from "~/components/events/tarang-category-details";
import { pageMeta } from "~/seo/meta";
import { registrationState } from "~/time/registration-window";
import { events, tarangCategory } from "~/content/content.server";
import type { Route } from "./+types/tarang-category";
import type { PageHandle } from "~/delivery/delivery";
import { tarangCategoryIn } from "~/content/events-in";
import { textIn } from "~/content/localized";
import { events as englishTexts } from "~/i18n/catalogue/en/events";
import { events as hindiTexts } from "~/i18n/catalogue/hi/events";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "public" };

// The same page for every visitor without a cookie: served from the page cache (page-cache.server.ts).

// Read-only: every behaviour works without the framework (app/delivery/delivery.ts).

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const category = loaderData?.category;
  const locale = localeOf(location.pathname);
  // The events area's texts only: on a client navigation this module reaches the browser, whole catalogues need not.
  const texts = (locale === "hi" ? hindiTexts : englishTexts).tarangCategory;
  return pageMeta(matches[0]?.loaderData?.site, {
    title: category ? texts.title.replace("{{category}}", category.title) : texts.notFoundTitle,
    description: category?.summary ?? texts.notFoundDescription,
    // The category's own path, as the sitemap lists it, however it was asked for (/rampwalk, /rampWalk/).
    path: category ? `/${category.slug}` : englishPath(location.pathname),
    locale,
  });
}

// One module serves /rampWalk, /danceDetails, /openMic, /musicEvent and /mysteryGame (and their /hi twins); the path
// names the category. `url`, not `request.url`: on client navigations the request is for "/rampWalk.data", and `url`
// is normalised.
export function loader({ url }: Route.LoaderArgs) {
  const slug = englishPath(url.pathname).replace(/^\/+|\/+$/g, "");
  const category = tarangCategory(slug);
  if (!category) throw data("Not Found", { status: 404 });
  const locale = localeOf(url.pathname);
  // Tarang takes entries through its student coordinators (the Tarang page lists them), so each category page says so.
  const { coordinators } = events.tarang;
  return {
    category: tarangCategoryIn(category, locale),
    registration: registrationState(category.registration, new Date(), locale),
    fest: textIn(events.tarang.title, locale),
    notes: events.tarang.notes.map((note) => textIn(note, locale)),
    coordinators,
  };
}

export default function TarangCategoryPage({ loaderData }: Route.ComponentProps) {
  return (
    <TarangCategoryDetails
      category={loaderData.category}
      registration={loaderData.registration}
      fest={loaderData.fest}
      notes={loaderData.notes}
      coordinators={loaderData.coordinators}
    />
  );
}
