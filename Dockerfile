# Production image: build with the dev toolchain, then run the compiled subgraph on node:24-slim as a non-root user.
FROM node:24-slim AS build
WORKDIR /app
# patches/ before the install: its postinstall (patch-package) patches graphql-jit, which the bundle then carries.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# Runtime dependencies only: no dev toolchain, and no tsx/esbuild either (a dependency for `npm start`, which runs
# TypeScript; the image runs the compiled JavaScript).
FROM node:24-slim AS runtime-deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/tsx node_modules/esbuild node_modules/@esbuild node_modules/.bin/tsx node_modules/.bin/esbuild \
 && npm cache clean --force

FROM node:24-slim
# Production fails closed: a container started without ROUTER_SHARED_SECRET and AUTH_JWKS_URL (or AUTH_JWKS_FILE) is
# refused, naming what to set (README, "Running in production"). Pass them at run time; never bake secrets in.
ENV NODE_ENV=production \
    PORT=4000 \
    DATA_DIR=/app/data
# glibc's malloc gives freed memory back above 128 KiB instead of keeping it (the same as npm run start:prod sets;
# README, "Running in production"). Read when node starts, so they must be here, not in .env.
ENV MALLOC_MMAP_THRESHOLD_=131072 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
# The application: compiled server, schema and migrations, never sandbox/ (production never runs the simulators unless
# SANDBOX=on, and then only from a development checkout). Owned by root and read-only, so the runtime user can write
# nowhere but DATA_DIR.
COPY --from=runtime-deps --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/package.json ./package.json
COPY --from=build --chown=root:root /app/dist/src ./dist/src
COPY --from=build --chown=root:root /app/dist/schema ./dist/schema
RUN chmod -R a-w /app/node_modules /app/dist /app/package.json \
 && mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4000
VOLUME ["/app/data"]
# Liveness: /healthz over HTTP, or HTTPS when the server serves TLS itself (WEBHOOK_TLS_*; loopback, so the name is not
# checked). Orchestrators should probe /readyz for readiness (503 while draining or when the store is unreachable).
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "const tls = Boolean(process.env.WEBHOOK_TLS_CERT_FILE); require(tls ? 'node:https' : 'node:http').get({ host: '127.0.0.1', port: process.env.PORT || 4000, path: '/healthz', rejectUnauthorized: false }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"]
# node itself is PID 1 (no npm or shell in between), so SIGTERM reaches the server's own handler, which drains and
# exits within SHUTDOWN_TIMEOUT_MS (keep it below the orchestrator's grace period, 30 s by default in Kubernetes).
# OpenTelemetry is preloaded like `npm run start:prod` does; it loads nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set.
# The node flags are start:prod's; dockerfile.test.ts keeps the two command lines in step. --no-memory-reducer: V8 does
# not shrink the heap on its own after a busy spell, which made the next seconds of load cost up to a third more CPU;
# IDLE_GC_MS gives memory back when idle instead (docs/assumptions.md). It is the only V8 flag here, and one V8 leaves
# out of its flag hash, so Node keeps its built-in code cache. PGlite sets its own WebAssembly flags when it opens.
CMD ["node", "--no-memory-reducer", "--import", "./dist/src/platform/tracing.js", "dist/src/main.js"]
