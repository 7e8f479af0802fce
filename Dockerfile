# One image for every process of Nashr: `node services/nashr/dist/main.js` runs the targets named
# by --target=<list> or NASHR_TARGETS (default `all`: the gateway, every API and every worker).
#
#   docker run IMAGE                                   the whole product in one process
#   docker run IMAGE node services/nashr/dist/main.js --target=posts-worker   one part
#
# docker-compose.yml and deploy/kubernetes run this one image with different targets.
# Stages: manifests -> deps (npm install) -> build (turbo, then only the built files into /out) ;
# manifests -> prod-deps (npm install --omit=dev of the workspaces the image runs) -> nashr.
# Not `npm ci`: the lock file records only this platform's optional binaries, which `npm ci` refuses; `npm install` installs the locked versions.
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
COPY packages/mcp/package.json packages/mcp/
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

# Only the dependencies of what the image runs: the services (each bundles the workspace packages
# but leaves npm packages external) and the mail catcher; not the web app's, which is built in.
# Then without what nothing runs: type declarations, source maps (about 90 MB) and TypeScript (an
# optional peer of a gateway dependency, installed for the development tools).
FROM manifests AS prod-deps
RUN --mount=type=cache,target=/root/.npm npm install --omit=dev --no-audit --no-fund \
      --workspace services/ai --workspace services/auth --workspace services/billing \
      --workspace services/content --workspace services/engage --workspace services/gateway \
      --workspace services/linkedin --workspace services/nashr --workspace services/posts \
      --workspace packages/fakes \
    && rm -rf node_modules/typescript \
    && find node_modules -type f \( -name '*.map' -o -name '*.d.ts' -o -name '*.d.mts' -o -name '*.d.cts' \) -delete

FROM deps AS build
# Only what the build reads (never the root node_modules or .data); .dockerignore leaves out what a
# developer's machine may hold inside it (installed or built files).
COPY turbo.json ./
COPY packages ./packages
COPY services ./services
COPY web ./web
# Then only what runs into /out: each service's bundles, migrations (services/*/drizzle) and
# package.json ("type": "module"), the web app, the development mail catcher that compose's `mail`
# service runs (packages/fakes; production sets SMTP_URL instead). No source maps: nothing reads
# them at run time (about 30 MB).
RUN npx turbo run build \
    && for dir in services/*/; do \
         mkdir -p "/out/$dir" && cp -r "$dir/package.json" "$dir/dist" "/out/$dir" \
         && if [ -d "$dir/drizzle" ]; then cp -r "$dir/drizzle" "/out/$dir"; fi; \
       done \
    && mkdir -p /out/web /out/packages/fakes \
    && cp -r web/dist web/dist-ssr /out/web/ && cp -r packages/fakes/dist packages/fakes/package.json /out/packages/fakes/ \
    && find /out -name '*.map' -delete

# The image: built files over the production dependencies, run as a user without privileges.
FROM base AS nashr
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WEB_DIST=/app/web/dist
COPY --from=prod-deps /app ./
COPY --from=build /out ./
# The migration runner (`node scripts/migrate.mjs`, the Kubernetes migration Job) and the process list it reads.
COPY scripts/migrate.mjs scripts/
# The images' bucket maker (`node scripts/media-bucket.mjs`, the Kubernetes media-bucket Job).
COPY scripts/media-bucket.mjs scripts/
COPY tools/stack/processes.mjs tools/stack/
# Where compose mounts the uploaded images (a new volume takes this folder's owner).
RUN mkdir -p /data/media && chown node:node /data/media
USER node
EXPOSE 8080
# The targets: NASHR_TARGETS (default all), or `--target=<list>` after this command.
CMD ["node", "services/nashr/dist/main.js"]
