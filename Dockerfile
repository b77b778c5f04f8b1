# Builds the API with both apps and serves them from one process (`pnpm start`).
FROM node:20-bookworm-slim AS build
ENV COREPACK_INTEGRITY_KEYS=0
RUN corepack enable
WORKDIR /repo
COPY . .
RUN pnpm install --frozen-lockfile && pnpm build

FROM node:20-bookworm-slim
ENV NODE_ENV=production COREPACK_INTEGRITY_KEYS=0
RUN corepack enable
WORKDIR /repo
COPY --from=build /repo /repo
EXPOSE 3000
CMD ["pnpm", "start"]
