# syntax=docker/dockerfile:1
# One image recipe for the API, the worker and the migration step (docker-compose.yml).
#   deps      all packages (npm install runs the postinstall `prisma generate`, offline)
#   build     the sources + `npm run build` (Vite → dist/frontend, esbuild → dist/api, dist/worker);
#             also the target of the one-shot `migrate` and `seed` services, which need tsx and
#             the WASM migration engine (a devDependency)
#   prod-deps production packages only (no embedded PostgreSQL: that is `npm start`'s fallback on a
#             machine without one, a devDependency)
#   runtime   node dist/api/server.js (default) or node dist/worker/main.js, as user node
# `npm install`, not `npm ci`: the lockfile omits optional binaries for other platforms that the
# registry we develop against lacks, and npm ci refuses such a lockfile (docs/architecture.md, Traps).

ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# npm 11 honours package.json "allowScripts" (no install-time downloads by Prisma).
RUN npm install -g npm@11.19.1 --no-audit --no-fund
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma/schema.prisma prisma/schema.prisma
RUN npm install --no-audit --no-fund

FROM deps AS build
COPY . .
RUN npm run build
# Uploaded logos and photos (MEDIA_DIR) live in a volume; the demo seed writes there as user node too.
RUN mkdir -p /app/.data/media && chown -R node:node /app/.data

FROM deps AS prod-deps
RUN npm prune --omit=dev --no-audit --no-fund

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
# "type": "module" makes Node load the .js bundles as ES modules.
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/dist ./dist
# The API (distance searches) and the worker (offline geocoding) read core/geo/uk-outcodes.csv next to dist/.
COPY --from=build /app/core/geo ./core/geo
# .data/media exists and belongs to node before docker-compose mounts the media volume on it, so the
# fresh volume takes that owner.
RUN mkdir -p /app/.data/media && chown -R node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "--max-semi-space-size=64", "--heap-growing-percent=100", "--enable-source-maps", "dist/api/server.js"]
