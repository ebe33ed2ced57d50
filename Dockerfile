# syntax=docker/dockerfile:1
# The 纹样 app server (docs/deploy.md): the Fastify server run by tsx from src/, serving the built web
# renderer from dist/web. One image for every app server and for the one-off `npm run migrate`.

# ---- build: every dependency (vite for the renderer), then only the runtime ones are kept ----
FROM node:22-slim AS build
WORKDIR /app
# The desktop client's Electron binary and the browsers of the end-to-end tests are not needed here.
ENV ELECTRON_SKIP_BINARY_DOWNLOAD=1 \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Native modules (better-sqlite3, sharp, usearch) fall back to a compile when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ ca-certificates \
 && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build:web \
 && npm prune --omit=dev

# ---- runtime: node 22 slim, the pruned node_modules, the sources and the built renderer ----
FROM node:22-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data \
    WEB_ROOT=/app/dist/web
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json /app/package-lock.json ./
COPY --from=build --chown=node:node /app/tsconfig.json /app/tsconfig.base.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/src ./src
COPY --from=build --chown=node:node /app/dist/web ./dist/web
# DATA_DIR: the SQLite file and local files of a single server; with DATABASE_URL and STORAGE=s3
# nothing that must survive is written here.
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness: the process answers and its database is reachable (/readyz is for the proxy).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node itself is PID 1's child of nothing: it gets SIGTERM from `docker stop` and shuts down
# gracefully (SHUTDOWN_GRACE_SECONDS; give the container a longer stop_grace_period).
CMD ["node", "--import", "tsx", "src/server/main.ts"]
