import {
  data,
  isRouteErrorResponse,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import { useText } from "./i18n/use-text";
import { Suspense } from "react";
import type { Route } from "./+types/root";
import { FirstMessageFocus } from "./components/form-fields/first-message";
import { pageStylesheet, withoutJavaScriptStyles } from "./components/shell/page-styles";
import { deferred, useHydratedMark } from "./delivery/deferred";
import { deliveryOf, deliveries, noscriptStylesheets } from "./delivery/delivery";
import { heldScriptsId } from "./delivery/held-scripts";
import { pageTextsIn } from "./seo/page-text";
import { registeredPageMeta } from "./seo/meta";
import { publicSiteIn } from "./content/content.server";
import { catalogueIn } from "./content/content-in";
import { env } from "./server/ops/env.server";
import { answerHeadersMiddleware, deliveryHeadersMiddleware } from "./delivery/headers.server";
import { mailClientMiddleware } from "./server/mail/mail-client.server";
import { publicPageCache } from "./delivery/page-cache.server";
import { headerAccount } from "./server/accounts/header-account.server";
import { getToast, toastOfAnswer } from "./server/requests/toast.server";
import { i18nextMiddleware, offerTexts } from "./i18n/i18next.server";
import { englishPath, localeOf, offeredLocale } from "./i18n/locale";
import { loadCatalogueFor } from "./i18n/browser-catalogue";
import { LanguageOffer } from "./components/shell/language-offer";
import { LanguageAlternates } from "./components/shell/language-alternates";

/**
 * Every page's meta but where its module has one of its own (text drawn from content): the error screens' (their
 * title is the error), and the title and description the page registry names for the page (app/pages.ts).
 */
export const meta: Route.MetaFunction = ({ loaderData, error, location }) => {
  const siteName = loaderData?.site.name;
  const suffix = siteName ? ` | ${siteName}` : "";
  // The error screens' titles in the page's language, from the root loader (English if the loader itself failed).
  const titles = loaderData?.errorTitles ?? { notFound: "Not Found", failed: "Oops! Something went wrong" };
  if (isRouteErrorResponse(error) && error.status === 404) return [{ title: `${titles.notFound}${suffix}` }];
  if (error) return [{ title: `${titles.failed}${suffix}` }];
  const page = registeredPageMeta({ location, rootData: loaderData });
  if (page) return page;
  return siteName ? [{ title: siteName }, { name: "description", content: loaderData.site.tagline }] : [];
};

// Development renders every request afresh, so edits show at once. The page cache makes a signed-in visitor's answers
// private after their delivery's headers are on them.
export const middleware: Route.MiddlewareFunction[] = env.isProduction
  ? [
      answerHeadersMiddleware,
      publicPageCache.middleware,
      deliveryHeadersMiddleware,
      mailClientMiddleware,
      i18nextMiddleware,
    ]
  : [answerHeadersMiddleware, deliveryHeadersMiddleware, mailClientMiddleware, i18nextMiddleware];

// A client navigation renders its page only once the catalogue's parts it shows have arrived (in the browser, a page
// holds only its own words: app/i18n/browser-catalogue.ts).
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ request }, next) => {
    await loadCatalogueFor(new URL(request.url).pathname);
    await next();
  },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  // Reading the flash message deletes its cookie, so it shows once; without the cookie pages stay free of a
  // Set-Cookie header (and cacheable). A refused form's page brings its toast with it, from its action.
  const { toast: flashToast, headers } = await getToast(request);
  const toast = flashToast ?? toastOfAnswer(context);
  // A visitor without our cookies is signed out without asking anyone, so cached public pages stay the same for
  // everyone the page cache serves; a signed-in visitor's name comes from a session the backend still knows.
  const { account, clearSession } = await headerAccount(request);
  // The language the visitor chose last time, offered when it is not this page's (page-cache.server.ts renders such
  // a visit afresh rather than from the cache).
  const { pathname } = new URL(request.url);
  const offered = offeredLocale(pathname, request.headers.get("Cookie"));
  // In the offered language, which the browser's catalogue (the page's own) does not hold.
  const offer = offered ? { locale: offered, text: offerTexts(offered) } : null;
  const { errors } = catalogueIn(localeOf(pathname));
  const rootData = {
    site: publicSiteIn(localeOf(pathname)),
    pages: pageTextsIn(localeOf(pathname)),
    errorTitles: { notFound: errors.notFoundTitle, failed: errors.somethingWentWrong },
    toast,
    account,
    offer,
  };
  if (clearSession) {
    const withCleared = new Headers(headers);
    withCleared.append("Set-Cookie", clearSession);
    return data(rootData, { headers: withCleared });
  }
  return data(rootData, headers ? { headers } : undefined);
}

// Off every page's first load (delivery/deferred.ts): what most visits never show (a toast, the error screens, the
// placeholders of client navigations) and what needs no script before the visitor scrolls, opens the menu or
// navigates (the header, whose menu also opens without scripts; the footer; the scroll to the top).
const Navbar = await deferred(() => import("./components/shell/navbar").then((module) => module.Navbar));
const ClubSkeleton = await deferred(
  () => import("./components/clubs/club-skeleton").then((module) => module.ClubSkeleton),
  { rarelyShown: true },
);
const ProfileLoading = await deferred(
  () => import("./components/account/profile-loading").then((module) => module.ProfileLoading),
  { rarelyShown: true },
);
const ToastArea = await deferred(() => import("./components/shell/toast-area").then((module) => module.ToastArea));
const Footer = await deferred(() => import("./components/shell/footer").then((module) => module.Footer));
const RouteChangeScroll = await deferred(() =>
  import("./components/shell/route-change-scroll").then((module) => module.RouteChangeScroll),
);
const RouteError = await deferred(() => import("./components/shell/route-error").then((module) => module.RouteError), {
  rarelyShown: true,
});
const NotFound = await deferred(() => import("./components/shell/not-found").then((module) => module.NotFound), {
  rarelyShown: true,
});
// Its look is CSS from the first paint; its code only ends it once the page is interactive.
const LoadingScreen = await deferred(() =>
  import("./components/shell/loading-screen").then((module) => module.LoadingScreen),
);

// The same text in the browser as on the server, without the browser's bundle carrying it (page-styles.ts).
const inlineStylesheet = { __html: pageStylesheet };
// The site's inline programs (delivery/inline/), written by the server only: the browser already has them running.
const inlineScripts = import.meta.env.SSR ? (await import("./delivery/inline-scripts")).inlineScripts : undefined;
const inlineHeadScript = { __html: inlineScripts?.head ?? "" };
const inlineBehavioursScript = { __html: inlineScripts?.behaviours ?? "" };
const inlineStarterScript = { __html: inlineScripts?.starter ?? "" };
const emptyTemplate = { __html: "" };

/** The page's own content: where the skip link leads, and what the first frame waits for. */
const mainId = "main";

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const siteData = rootData?.site;
  const matches = useMatches();
  const { pathname } = useLocation();
  const locale = localeOf(pathname);
  const { t } = useText();
  const delivery = deliveryOf(matches);
  // In the browser React is running, so the page has its framework whatever it says.
  const withFramework = !import.meta.env.SSR || deliveries[delivery].framework !== "none";
  useHydratedMark();

  return (
    // The head script marks the document (data-loading-screen) before React hydrates it; that attribute is not ours.
    <html lang={locale} data-delivery={delivery} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#b91c1c" />
        <Meta />
        {siteData ? <LanguageAlternates pathname={pathname} siteUrl={siteData.url} /> : null}
        {/* The whole stylesheet and the per-visitor checks, before anything paints; the Content-Security-Policy
            allows both by their hashes (entry.server.tsx). */}
        <style data-page-styles="" dangerouslySetInnerHTML={inlineStylesheet} />
        {/* Chrome paints no frame before the main element has begun, so the loading screen and the header above it
            are whole: a page arriving in parts showed them growing (the account link's icon moved once its text
            came; e2e/first-frame.spec.ts fails without this line). What follows in <main> only adds below. It costs
            no round trip: <main> begins about 1.5 kB (compressed) after </head>, inside the first 14 kB a new
            connection delivers at once. Browsers without rel="expect" (Chrome has it since 124) ignore the line. The
            W3C Nu checker flags it, not knowing rel="expect" and blocking (both in the HTML standard) yet: a gap of
            the checker (docs/performance.md, "The first frame"). */}
        <link rel="expect" href={`#${mainId}`} blocking="render" />
        <script dangerouslySetInnerHTML={inlineHeadScript} suppressHydrationWarning />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <noscript>
          <style>{withoutJavaScriptStyles}</style>
          {noscriptStylesheets(matches).map((href) => (
            <link key={href} rel="stylesheet" href={href} />
          ))}
        </noscript>
      </head>
      <body className="flex min-h-dvh flex-col">
        <a
          href={`#${mainId}`}
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-accent focus:shadow-lg focus:outline-2 focus:outline-accent"
        >
          {t("shell.skipLink")}
        </a>
        {siteData ? (
          <Suspense>
            <LoadingScreen site={siteData} />
          </Suspense>
        ) : null}
        <Suspense>
          <Navbar site={siteData} account={rootData?.account ?? null} />
        </Suspense>
        {/* Before the page's content: without JavaScript a message is read first (toast-area.tsx). */}
        <Suspense>
          <ToastArea toast={rootData?.toast} />
        </Suspense>
        <main id={mainId} tabIndex={-1} className="flex-1 pt-nav focus:outline-none">
          {rootData?.offer ? <LanguageOffer offer={rootData.offer} /> : null}
          <FirstMessageFocus>{children}</FirstMessageFocus>
        </main>
        <Suspense>
          <Footer site={siteData} />
        </Suspense>
        {withFramework ? (
          <>
            <ScrollRestoration />
            <Suspense>
              <RouteChangeScroll />
            </Suspense>
            {/* React Router's scripts, held until the visitor uses the painted page (delivery/inline/starter.ts). In
                a <noscript> inside a <template>, the browser neither runs nor preloads them, with scripting on or
                off, and React writes their <link>s where they are instead of in the <head>. React never hydrates
                a template's content: in the browser it is an empty template. */}
            {import.meta.env.SSR ? (
              <template id={heldScriptsId}>
                <noscript>
                  <Scripts />
                </noscript>
              </template>
            ) : (
              <template id={heldScriptsId} dangerouslySetInnerHTML={emptyTemplate} suppressHydrationWarning />
            )}
            <script dangerouslySetInnerHTML={inlineStarterScript} suppressHydrationWarning />
          </>
        ) : (
          <script dangerouslySetInnerHTML={inlineBehavioursScript} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  const navigation = useNavigation();
  // A club page shows a skeleton while it loads. The club's loader runs before its module renders, so
  // the placeholder stands in for the outgoing page during a client navigation to /club/*.
  const loadingClub = navigation.state === "loading" && englishPath(navigation.location.pathname).startsWith("/club/");
  if (loadingClub) {
    return (
      <Suspense>
        <ClubSkeleton />
      </Suspense>
    );
  }
  // The profile shows 'Loading profile...' while the profile's loader asks the backend who is signed in.
  const loadingProfile = navigation.state === "loading" && isProfilePath(navigation.location.pathname);
  return loadingProfile ? (
    <Suspense>
      <ProfileLoading />
    </Suspense>
  ) : (
    <Outlet />
  );
}

/** True for the profile's address however it is spelled (routes match case-insensitively, trailing slash allowed). */
function isProfilePath(pathname: string): boolean {
  return /^\/userprofile\/?$/i.test(englishPath(pathname));
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Suspense>
        <NotFound />
      </Suspense>
    );
  }
  return (
    <Suspense>
      <RouteError error={error} />
    </Suspense>
  );
}
