#!/bin/sh
# The image's entry point (Containerfile): the first argument picks the process, the rest is passed on.
#   api      the HTTP server, both apps and (unless RUN_JOBS=0) the job workers   (the default CMD)
#   worker   the job workers alone
#   migrate  apply the migrations and reference data, then exit (compose's one-off `migrate` service)
#   rotate-secrets  re-seal stored secrets with APP_KEY (docs/operations.md, "Rotating APP_KEY")
# Anything else runs as given (e.g. `node -e ...`). Node runs in place of this shell (exec), so it
# receives the container's SIGTERM and shuts down gracefully. The API's options are those of
# `start:prod` in apps/api/package.json (docs/operations.md, "API heap settings"); the container check
# (scripts/container-check.ts) fails when the two differ.
set -eu
cd /app/apps/api
case "${1:-api}" in
  api) shift || true; exec node --enable-source-maps --max-semi-space-size=16 --max-old-space-size=1024 --import ./dist/instrumentation.js dist/main.js "$@" ;;
  worker) shift; exec node --enable-source-maps --import ./dist/instrumentation.js dist/worker.js "$@" ;;
  migrate) shift; exec node --enable-source-maps dist/migrate.js "$@" ;;
  rotate-secrets) shift; exec node --enable-source-maps dist/rotate-secrets.js "$@" ;;
  *) exec "$@" ;;
esac
