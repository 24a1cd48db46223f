/**
 * The container's health check. It renders a page through the whole document pipeline (root layout, React's
 * server renderer, the security headers) rather than answering from a loader alone, so a server that cannot render
 * pages (React's development build under a production bundle, a broken content file) is reported unhealthy.
 */
export function meta() {
  return [{ title: "ok" }, { name: "robots", content: "noindex" }];
}

export default function Health() {
  return <p className="px-4 py-8 text-center">ok</p>;
}
