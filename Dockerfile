# The console and the embedded school API in one image, started as `npm start` does (build/server/start.mjs, plain node):
# either process restarts after a crash (backoff 0.5 s → 30 s) and both stop on SIGTERM (docker stop).
#   docker build -t kg-console .
#   docker run -d --restart unless-stopped -p 3000:3000 -v kg-data:/srv/kg-console/data kg-console
# A school group on PostgreSQL and an S3 store: docker-compose.yml (README "Production").

# 1. Build: every dependency (Remix's compiler, esbuild, Tailwind), then the console and the compiled server programs.
FROM node:22-bookworm-slim AS build
WORKDIR /srv/kg-console
COPY package.json package-lock.json ./
# patches/: patch-package applies them on install (postinstall), e.g. the server's faster route matching.
COPY patches ./patches
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build

# 2. Production dependencies only (no Playwright, vitest, eslint, s3rver, tsx), patched the same way.
FROM node:22-bookworm-slim AS deps
WORKDIR /srv/kg-console
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund --omit=dev && npm cache clean --force

# 3. The image: what runs, as an unprivileged user.
FROM node:22-bookworm-slim
# pg_dump / pg_restore for `npm run backup` / `npm run restore` on PostgreSQL.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client && rm -rf /var/lib/apt/lists/*
WORKDIR /srv/kg-console
# HOST=0.0.0.0: the console must be reachable from outside the container (npm start defaults to 127.0.0.1).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 API_PORT=8787 DATABASE_URL=file:./data/school.db
COPY --from=deps /srv/kg-console/node_modules ./node_modules
COPY --from=build /srv/kg-console/build ./build
COPY --from=build /srv/kg-console/public ./public
COPY package.json ./
COPY scripts/serve-console.cjs ./scripts/serve-console.cjs
# ./data holds the embedded database, uploads and the persisted secrets; owned by the unprivileged user `node`.
RUN mkdir -p data && chown node:node data
USER node
VOLUME ["/srv/kg-console/data"]
# The API listens on 127.0.0.1 inside the container (API_HOST); only the console is published.
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "Promise.all([process.env.PORT, process.env.API_PORT].map((p) => fetch('http://127.0.0.1:' + p + '/health').then((r) => { if (!r.ok) throw r.status; }))).then(() => process.exit(0), () => process.exit(1))"
CMD ["node", "build/server/start.mjs"]
