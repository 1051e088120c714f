# The same commands as a machine install (docs/deploy.md): npm ci, npm run build,
# node dist/server/main.js.
FROM node:20-bookworm-slim AS build
# pkcs11js, the payout signer's PKCS#11 binding, is a native addon node-gyp builds.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
# pg_dump and pg_restore for npm run backup / restore: the version of compose.yaml's
# PostgreSQL (15). For another server version install its client instead.
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client-15 \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir /data && chown node:node /data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/scripts/run-cli.mjs ./scripts/run-cli.mjs
ENV NODE_ENV=production PORT=3000 DATA_DIR=/data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node itself as PID 1 gets SIGTERM from docker stop and stops cleanly.
CMD ["node", "dist/server/main.js"]
