import type { Config } from "@react-router/dev/config";

export default {
  // Server rendering: every page is HTML from the server, so it works with JavaScript off.
  ssr: true,
} satisfies Config;
