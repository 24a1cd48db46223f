import { measurePageJavaScript } from "./scripts/lib/page-javascript.mjs";
for (const p of ["/", "/clubs", "/club/coding", "/gallery", "/mentors", "/sih", "/join", "/login", "/team", "/suggestion", "/ideas", "/tarang", "/privacy", "/developers"]) {
  const r = await measurePageJavaScript("http://127.0.0.1:4400", p);
  console.log(p, (r.gzipBytes/1000).toFixed(1), r.chunks.map(c => `${c.name.replace("/assets/","").replace(/-[\w]{8}\.js$/,"")}:${(c.gzipBytes/1000).toFixed(1)}`).join(" "));
}
