# The console and the embedded school API in one image, started the same way as `npm start`: scripts/start.ts
# restarts either process after a crash (backoff 0.5 s → 30 s) and stops both on SIGTERM (docker stop).
# Give the container a restart policy too, for the supervisor itself:
#   docker run -d --restart unless-stopped -p 3000:3000 -v kg-data:/srv/kg-console/data kg-console
FROM node:20-bookworm-slim
WORKDIR /srv/kg-console
# HOST=0.0.0.0: the console must be reachable from outside the container (npm start defaults to 127.0.0.1).
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 API_PORT=8787 DATABASE_URL=file:./data/school.db
COPY package.json package-lock.json ./
# patches/: patch-package applies them on install (postinstall), e.g. the server's faster route matching.
COPY patches ./patches
RUN npm ci --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
# ./data holds the embedded database, uploads and the persisted session secret.
VOLUME ["/srv/kg-console/data"]
# The API listens on 127.0.0.1 inside the container (API_HOST); only the console is published.
EXPOSE 3000
CMD ["node", "--import", "tsx", "scripts/start.ts"]
