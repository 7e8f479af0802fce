# One recipe for every process of Nashr (docker-compose.yml builds each container from it).
#
#   target `service`: node services/$SERVICE/dist/$ENTRY.js
#       build args (or environment) SERVICE=auth|linkedin|posts|content|ai|billing|engage, ENTRY=server|worker
#   target `gateway`: node services/gateway/dist/server.js, serving the web app from /app/web/dist
#
# Stages: manifests -> deps (npm install) -> build (turbo) ; manifests -> prod-deps (npm install --omit=dev)
# Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
# -> runtime (built files + production dependencies, non-root) -> service | gateway.
# Plain instructions only (no COPY with --parents or --exclude, no `# syntax=` frontend), so it also
# builds with buildah 1.28 (podman), older Docker and air-gapped mirrors; .dockerignore does the excluding.

# Node.js 24 LTS, pinned by major version so a rebuild takes its security releases; package.json
# "engines", docker-compose.yml and the README agree (test/node-version.test.ts). Where no registry
# is reachable, scripts/local-images.sh makes an equivalent base from Debian packages.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
ENV npm_config_update_notifier=false \
    npm_config_fund=false \
    npm_config_audit=false \
    TURBO_TELEMETRY_DISABLED=1

# Only the package manifests, so the dependency layers are rebuilt only when they change.
FROM base AS manifests
# One line per workspace of package.json "workspaces" (test/compose.test.ts checks the list).
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/fakes/package.json packages/fakes/
COPY packages/platform/package.json packages/platform/
COPY packages/tsconfig/package.json packages/tsconfig/
COPY services/ai/package.json services/ai/
COPY services/auth/package.json services/auth/
COPY services/content/package.json services/content/
COPY services/billing/package.json services/billing/
COPY services/engage/package.json services/engage/
COPY services/gateway/package.json services/gateway/
COPY services/linkedin/package.json services/linkedin/
COPY services/nashr/package.json services/nashr/
COPY services/posts/package.json services/posts/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY tools/package.json tools/
# The root postinstall patches dependencies (scripts/patch-dependencies.mjs).
COPY scripts/patch-dependencies.mjs scripts/

FROM manifests AS deps
RUN --mount=type=cache,target=/root/.npm npm install --no-audit --no-fund

FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund

FROM deps AS build
# Only what the build reads (never the root node_modules or .data); .dockerignore leaves out what a
# developer's machine may hold inside it (installed or built files).
COPY turbo.json ./
COPY packages ./packages
COPY services ./services
COPY web ./web
# Then without the workspaces' development dependencies, so runtime copies only built files over
# prod-deps' own node_modules.
RUN npx turbo run build && rm -rf packages/*/node_modules services/*/node_modules tools/node_modules

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0
COPY --from=prod-deps /app ./
# Built services with their migrations (services/*/drizzle) and package.json ("type": "module").
COPY --from=build /app/services ./services
# The packages, with packages/fakes/dist/mail-catcher.js: the development mail catcher that compose's
# `mail` service runs (production sets SMTP_URL instead).
COPY --from=build /app/packages ./packages
# The migration runner (`node scripts/migrate.mjs`, the Kubernetes migration Job) and the process list it reads.
COPY scripts/migrate.mjs scripts/
# The images' bucket maker (`node scripts/media-bucket.mjs`, the Kubernetes media-bucket Job).
COPY scripts/media-bucket.mjs scripts/
COPY tools/stack/processes.mjs tools/stack/
# Where compose mounts the uploaded images (a new volume takes this folder's owner).
RUN mkdir -p /data/media && chown node:node /data/media
USER node

# An API or a worker of one service.
FROM runtime AS service
ARG SERVICE
ARG ENTRY=server
# Fails the build on an unknown SERVICE or ENTRY. It also keeps each service's image apart: buildah
# 1.28 leaves build-argument values out of the cache key of ENV, not of RUN.
RUN test -f "services/${SERVICE}/dist/${ENTRY}.js"
ENV SERVICE=${SERVICE} \
    ENTRY=${ENTRY}
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/${ENTRY}.js"]

# The public entry point, serving the built web app too.
FROM runtime AS gateway
COPY --from=build /app/web/dist ./web/dist
# The landing page's renderer (services/gateway/src/landing-page.ts), beside the build, never served.
COPY --from=build /app/web/dist-ssr ./web/dist-ssr
ENV WEB_DIST=/app/web/dist \
    PORT=8080
EXPOSE 8080
CMD ["node", "services/gateway/dist/server.js"]
