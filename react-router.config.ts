import type { Config } from "@react-router/dev/config";

export default {
  // Server rendering: every page is HTML from the server, so it works with JavaScript off.
  ssr: true,
  future: {
    v8_middleware: true,
    v8_passThroughRequests: true,
    v8_splitRouteModules: true,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
