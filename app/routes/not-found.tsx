import { data, isRouteErrorResponse } from "react-router";
import { en } from "~/i18n/catalogue/en";
import { hi } from "~/i18n/catalogue/hi";
import { localeOf } from "~/i18n/locale";
import { NotFound } from "~/components/shell/not-found";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = ({ matches, error }) => {
  const siteName = matches[0]?.loaderData?.site.name;
  // In the page's language, said by the loader with its 404: meta runs in the browser too, where no catalogue is.
  const words = isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined;
  const title = words ?? "Not Found";
  return [{ title: siteName ? `${title} | ${siteName}` : title }, { name: "robots", content: "noindex" }];
};

// Any path no other route matches: the answer is a real HTTP 404, not a 200 page that says "not found".
export function loader({ request }: Route.LoaderArgs): never {
  const locale = localeOf(new URL(request.url).pathname);
  throw data({ title: (locale === "hi" ? hi : en).errors.notFoundTitle }, { status: 404 });
}

// The loader always throws, so the visitor sees the boundary; the component is what makes this a page route.
export function ErrorBoundary() {
  return <NotFound />;
}

export default function NotFoundPage() {
  return <NotFound />;
}
