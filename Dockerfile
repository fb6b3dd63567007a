# One image for every app service of docker-compose.yml: the API (which also serves the built
# storefront), the relay and the projector workers. They differ only in their command.
#
#   docker build -t gift-gear-shop .
#   docker run -p 3000:3000 -e PAYMENTS=razorpay -e RAZORPAY_KEY_ID=... gift-gear-shop   # the embedded shop (SQLite in /data)
#   docker run -p 3000:3000 -e ALLOW_TEST_PAYMENTS=true gift-gear-shop                  # a demo with the offline test provider
#
# NODE_ENV=production refuses the offline test payment provider unless ALLOW_TEST_PAYMENTS=true,
# and X-Forwarded-For is not believed unless TRUST_PROXY names the proxies in front (1 behind one
# load balancer): otherwise any client could choose its own address for the per-address limits.

# Three stages: `build` installs everything and compiles (the server with esbuild into
# dist/server, the storefront with Vite into ui/dist); `runtime-deps` installs the production
# dependencies of the server's workspaces only (no TypeScript loader, no test or build tools, not
# the storefront's libraries: its server render is built self-contained into ui/dist/ssr); the
# final image holds those node_modules and the compiled output, and runs it with Node alone.

FROM node:20-bookworm-slim AS toolchain
WORKDIR /app
# better-sqlite3 and other native modules build from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The manifests first, so the dependency layers are cached until one of them changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projections/package.json projections/
COPY read-api/package.json read-api/
COPY server/package.json server/
COPY ui/package.json ui/
COPY bench/package.json bench/

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM toolchain AS runtime-deps
# The server workspace and the workspaces it depends on, production dependencies only. The same
# lockfile lays node_modules out as in the build stage (a workspace's own copy of a package, such
# as platform's uuid, stays in <workspace>/node_modules, where the compiled server imports it).
# better-sqlite3 keeps only its compiled binding (not the SQLite sources and object files a
# build from source leaves behind).
RUN npm ci --omit=dev --workspace server --no-audit --no-fund \
  && rm -rf node_modules/@shop \
  && cd node_modules/better-sqlite3 \
  && rm -rf deps src build/deps build/Release/obj build/Release/obj.target build/Release/.deps build/Release/test_extension.node

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    TRUST_PROXY=0 \
    UI_DIST=/app/ui/dist
# node_modules, and each workspace's own (the manifests beside them are a few hundred bytes).
COPY --from=runtime-deps /app ./
COPY --from=build /app/dist dist
COPY --from=build /app/ui/dist ui/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# The other programs of dist/server run the same way, e.g. `docker run ... node dist/server/rebuild.js`
# (server/src/cli: rebuild, verify, seed, import-catalog, audit, grant-admin, relay, projector-worker).
CMD ["node", "dist/server/main.js"]
