// The container's health check: answers without rendering, and is never cached.
export function loader() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
