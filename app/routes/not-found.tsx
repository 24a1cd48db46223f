import { data } from "react-router";
import { NotFound } from "~/components/shell/not-found";
import type { Route } from "./+types/not-found";
import type { PageHandle } from "~/delivery/delivery";

// How the page reaches the browser (app/delivery/delivery.ts).
export const handle: PageHandle = { delivery: "static" };

// A screen of links: it needs no framework (app/delivery/delivery.ts).

export const meta: Route.MetaFunction = ({ matches }) => {
  const siteName = matches[0]?.loaderData?.site.name;
  return [{ title: siteName ? `Not Found | ${siteName}` : "Not Found" }, { name: "robots", content: "noindex" }];
};

// Any path no other route matches: the answer is a real HTTP 404, not a 200 page that says "not found".
export function loader(): never {
  throw data(null, { status: 404 });
}

// The loader always throws, so the visitor sees the boundary; the component is what makes this a page route.
export function ErrorBoundary() {
  return <NotFound />;
}

export default function NotFoundPage() {
  return <NotFound />;
}
