# Production image: build with the dev toolchain, then run the compiled subgraph on node:24-slim as a non-root user.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production \
    PORT=4000 \
    DATA_DIR=/app/data
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 4000
VOLUME ["/app/data"]
# /healthz over HTTP, or HTTPS when the server serves TLS itself (WEBHOOK_TLS_*; loopback, so the name is not checked).
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "const tls = Boolean(process.env.WEBHOOK_TLS_CERT_FILE); require(tls ? 'node:https' : 'node:http').get({ host: '127.0.0.1', port: process.env.PORT || 4000, path: '/healthz', rejectUnauthorized: false }, (r) => process.exit(r.statusCode === 200 ? 0 : 1)).on('error', () => process.exit(1))"]
# The tracing preload starts OpenTelemetry only when OTEL_EXPORTER_OTLP_ENDPOINT is set (src/platform/tracing.ts).
CMD ["node", "--import", "./dist/src/platform/tracing.js", "dist/src/main.js"]
