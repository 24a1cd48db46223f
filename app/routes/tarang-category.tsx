import { englishPath, localeOf } from "~/i18n/locale";
import { data, isRouteErrorResponse } from "react-router";
import { TarangCategoryDetails } from "~/components/events/tarang-category-details";
import { pageMeta } from "~/seo/meta";
import { registrationState } from "~/time/registration-window";
import { events, tarangCategory } from "~/content/content.server";
import type { Route } from "./+types/tarang-category";
import { tarangCategoryIn } from "~/content/events-in";
import { textIn } from "~/content/localized";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";

/** The page's title and description in its language, said by the loader (a 404 too), so no catalogue reaches meta. */
type PageWords = { title: string; description: string };

function pageWords(locale: "en" | "hi", category?: { title: string; summary: string }): PageWords {
  const texts = (locale === "hi" ? hi : en).events.tarangCategory;
  return category
    ? { title: texts.title.replace("{{category}}", category.title), description: category.summary }
    : { title: texts.notFoundTitle, description: texts.notFoundDescription };
}

export function meta({ matches, loaderData, error, location }: Route.MetaArgs) {
  const category = loaderData?.category;
  const locale = localeOf(location.pathname);
  const words =
    loaderData?.words ?? (isRouteErrorResponse(error) ? (error.data as { words?: PageWords }).words : undefined);
  return pageMeta(matches[0]?.loaderData?.site, {
    title: words?.title ?? "Tarang",
    description: words?.description ?? "",
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
  const locale = localeOf(url.pathname);
  if (!category) throw data({ words: pageWords(locale) }, { status: 404 });
  // Tarang takes entries through its student coordinators (the Tarang page lists them), so each category page says so.
  const { coordinators } = events.tarang;
  const inLocale = tarangCategoryIn(category, locale);
  return {
    words: pageWords(locale, inLocale),
    category: inLocale,
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
