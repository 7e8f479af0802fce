# syntax=docker/dockerfile:1.20
# One recipe for every process of Nashr (docker-compose.yml builds each container from it).
#
#   target `service`: node services/$SERVICE/dist/$ENTRY.js
#       build args (or environment) SERVICE=auth|linkedin|posts|content|ai, ENTRY=server|worker
#   target `gateway`: node services/gateway/dist/server.js, serving the web app from /app/web/dist
#
# Stages: manifests -> deps (npm install) -> build (turbo) ; manifests -> prod-deps (npm install --omit=dev)
# Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
# -> runtime (built files + production dependencies, non-root) -> service | gateway.
# Dockerfile syntax 1.20 gives COPY --parents and COPY --exclude (needs BuildKit, the default).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    TURBO_TELEMETRY_DISABLED=1

# Only the package manifests, so the dependency layers are rebuilt only when they change.
FROM base AS manifests
COPY --parents package.json package-lock.json packages/*/package.json services/*/package.json \
     web/package.json e2e/package.json bench/package.json ./
# The root postinstall patches dependencies (scripts/patch-dependencies.mjs).
COPY scripts/patch-dependencies.mjs scripts/

FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund

FROM deps AS build
# Only what the build reads (never the root node_modules or .data), without what a developer's
# machine may hold inside it (installed or built files).
COPY turbo.json ./
COPY --exclude=**/node_modules --exclude=**/dist --exclude=**/.turbo --exclude=**/*.tsbuildinfo packages ./packages
COPY --exclude=**/node_modules --exclude=**/dist --exclude=**/.turbo --exclude=**/*.tsbuildinfo services ./services
COPY --exclude=**/node_modules --exclude=**/dist --exclude=**/.turbo --exclude=**/*.tsbuildinfo web ./web
RUN npx turbo run build

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0
COPY --from=prod-deps /app ./
# Built services with their migrations (services/*/drizzle) and package.json ("type": "module").
COPY --from=build --exclude=**/node_modules /app/services ./services
COPY --from=build --exclude=**/node_modules /app/packages ./packages
USER node

# An API or a worker of one service.
FROM runtime AS service
ARG SERVICE
ARG ENTRY=server
ENV SERVICE=${SERVICE} \
    ENTRY=${ENTRY}
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/${ENTRY}.js"]

# The public entry point, serving the built web app too.
FROM runtime AS gateway
COPY --from=build /app/web/dist ./web/dist
ENV WEB_DIST=/app/web/dist \
    PORT=8080
EXPOSE 8080
CMD ["node", "services/gateway/dist/server.js"]
