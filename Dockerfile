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

FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and other native modules build from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
# The manifests first, so the dependency layer is cached until one of them changes.
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY command-api/package.json command-api/
COPY projections/package.json projections/
COPY read-api/package.json read-api/
COPY server/package.json server/
COPY ui/package.json ui/
COPY bench/package.json bench/
RUN npm ci --no-audit --no-fund
COPY . .
# The storefront (Vite) into ui/dist, which the API serves.
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    TRUST_PROXY=0 \
    UI_DIST=/app/ui/dist
# TypeScript runs through tsx (as `npm start` does), so the sources and node_modules come along.
COPY --from=build /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=5 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--import", "tsx", "server/src/main.ts"]
