# syntax=docker/dockerfile:1
#
# One image for the five services and the migration step; the command picks which:
#   docker run coin-ledger:<tag> gateway | user | ledger | history | webhooks | monitoring | migrate
# and the operator CLIs: audit | rebuild | dlq | redrive | restore-rewind | admin ... (scripts/container/entry.ts).
# Built here without a registry on a base of our own: npm run image:test (docs/OPERATIONS.md). Ports: gateway 8080, user 8082, ledger 8083, history 8084, webhooks 8085, monitoring 8086.
#
# The services run compiled JavaScript: the build stage compiles the workspaces (tsc -b, each to
# its dist/) and the image's scripts, and the runtime stage holds the JavaScript only, which node
# loads through each workspace's `compiled` export condition (`--conditions=compiled`). No
# TypeScript is transpiled at start and tsx is not installed. `npm start` and the tests run the
# same sources through tsx.
#
# PID 1 is tini: it forwards SIGTERM to node and reaps zombies; node drains in-flight requests
# and Kafka batches on SIGTERM (runUntilSignalled in libs/http) within 20 s.

# The official image, pinned by the digest of its multi-platform index: the tag's as
# docker-library/repo-info recorded it on 2026-08-25 (Node 24.19.0, Debian bookworm). Renovate
# moves the digest (docker datasource). A build here passes its own base (--build-arg NODE_IMAGE).
# /var/lib/coin/keys: where compose mounts its development JWT key volume (a fresh named volume
# takes the ownership of the directory it is mounted over, so the node user can write the key).
ARG NODE_IMAGE=node:24-bookworm-slim@sha256:a9f5f7c91a432850b2a8a7797adf5eadb6c733ceed61167806cee7ea7fbc29df

# Only the workspace manifests, so the install layer below is rebuilt when a dependency
# changes, not on every source edit (and a new workspace needs no Dockerfile change).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
COPY package.json package-lock.json ./
# patch-package applies these to node_modules in npm install's postinstall (patches/README.md).
COPY patches ./patches
COPY libs ./libs
COPY services ./services
RUN find libs services -type f ! -name package.json -delete \
 && find libs services -depth -type d -empty -delete

# Production dependencies only (jest, swc, testcontainers, typescript stay out), exactly as the
# lockfile has them: `npm ci` installs the locked versions and integrity hashes, and stops if
# package.json and the lockfile disagree, instead of resolving anything anew.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force

# The admin console (services/admin-console, served by the gateway at /admin): a static bundle
# built here by Vite from its sources, the client's and the CSV writer's (libs/contracts/src/csv.ts,
# which imports only types of the contracts). Vite and React are dev dependencies, so this stage
# installs the whole tree (without install scripts: the build runs none of them) and only the
# built files reach the runtime image, where nothing is built or written.
FROM ${NODE_IMAGE} AS console
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund --ignore-scripts \
 && npm cache clean --force
COPY tsconfig.base.json ./
COPY libs/client ./libs/client
# The CSV writer's file, and the tsconfigs Vite follows from the console's project references.
COPY libs/contracts/tsconfig.json ./libs/contracts/tsconfig.json
COPY libs/contracts/src/csv.ts ./libs/contracts/src/csv.ts
COPY libs/events/tsconfig.json ./libs/events/tsconfig.json
COPY services/admin-console ./services/admin-console
WORKDIR /app/services/admin-console
RUN node ../../node_modules/vite/bin/vite.js build

# The JavaScript: every workspace the image runs compiled to its dist/ and the image's scripts
# beside their sources (scripts/container/tsconfig.json), with TypeScript from the whole tree's
# install (without install scripts: tsc runs none of them). Then everything that is not runtime
# JavaScript is removed (sources, declarations, maps, build info), so the runtime stage copies
# whole directories.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY --from=manifests /app ./
RUN npm ci --no-audit --no-fund --ignore-scripts \
 && npm cache clean --force
COPY tsconfig.json tsconfig.base.json ./
COPY libs ./libs
COPY services ./services
COPY scripts ./scripts
RUN node node_modules/typescript/bin/tsc -b scripts/container \
 && rm -rf services/admin-console \
 && find libs services scripts \( -name '*.ts' -o -name '*.map' -o -name '*.tsbuildinfo' -o -name 'tsconfig*.json' \) -delete \
 && find libs services scripts -depth -type d -empty -delete

# tini from Debian unless the base has it already (the base scripts/image/base.ts makes does), at
# bookworm's version.
FROM ${NODE_IMAGE} AS runtime
RUN if [ ! -x /usr/bin/tini ]; then \
      apt-get update \
      && apt-get install -y --no-install-recommends tini=0.19.0-1+b3 \
      && rm -rf /var/lib/apt/lists/*; \
    fi \
 && install -d -o node -g node /var/lib/coin /var/lib/coin/keys
ENV NODE_ENV=production \
    HOST=0.0.0.0
WORKDIR /app
# Root-owned and not writable by the service user: the code cannot be changed at run time.
COPY --from=deps /app/node_modules ./node_modules
COPY package.json package-lock.json ./
COPY --from=build /app/libs ./libs
COPY --from=build /app/services ./services
COPY --from=console /app/services/admin-console/dist/www ./services/admin-console/dist/www
COPY --from=build /app/scripts ./scripts
# The guides the API reference at /docs links to, served by the gateway as Markdown.
COPY docs/guides ./docs/guides
# The image's `node` user, numerically, so Kubernetes can verify runAsNonRoot.
USER 1000:1000
EXPOSE 8080 8082 8083 8084 8085 8086 9090
ENTRYPOINT ["/usr/bin/tini", "--", "node", "--conditions=compiled", "scripts/container/entry.js"]
CMD ["gateway"]
