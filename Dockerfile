# syntax=docker/dockerfile:1
# The Card Collection Service as one image: `ccs serve` by default; the same image runs
# `ccs worker`, `ccs migrate` and every other command (see compose.yaml and docs/operations.md).

# Node 22 LTS: Node 20 is past its end of life, and oidc-provider is supported upstream on 22 and later.
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: every dependency, the TypeScript build and the portal, then production dependencies only
FROM ${NODE_IMAGE} AS build
# better-sqlite3 compiles from source when no prebuilt binary matches the platform.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
# No lifecycle scripts yet: `prepare` builds the sources, which are not copied until the next layer.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY web ./web
COPY bin ./bin
COPY demo-data ./demo-data
COPY docs ./docs
COPY README.md ./README.md
RUN npm rebuild better-sqlite3 esbuild \
 && npm run build \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime: Node, production dependencies and the built service; runs as a user without privileges
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    CCS_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/web/dist ./web/dist
COPY --from=build /app/bin ./bin
# The demo cards, for `ccs seed` and `ccs serve --seed`; 4 MB.
COPY --from=build /app/demo-data ./demo-data
# The guides the service serves at /docs/guides (the API description links to them), README as the overview.
COPY --from=build /app/docs ./docs
COPY --from=build /app/README.md ./README.md
# The application files stay root's (read-only to the service); only the data directory is the service's.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
# Ready means the database answers (and Redis, when CCS_RATE_LIMIT_ON_REDIS_ERROR=closed); a worker has no
# HTTP port: compose.yaml gives workers a check of their own.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["node", "bin/ccs.js"]
CMD ["serve"]
