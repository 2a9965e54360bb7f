# The console and the embedded school API in one image, started the same way as `npm start`.
FROM node:20-bookworm-slim
WORKDIR /srv/kg-console
ENV NODE_ENV=production PORT=3000 API_PORT=8787 DATABASE_URL=file:./data/school.db
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund --include=dev
COPY . .
RUN npm run build
# ./data holds the embedded database, uploads and the persisted session secret.
VOLUME ["/srv/kg-console/data"]
EXPOSE 3000 8787
CMD ["node", "--import", "tsx", "scripts/start.ts"]
