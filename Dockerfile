# Quire's image. Build: `docker build -t quire .`  Run: `docker run -p 8080:8080 -v quire-data:/app/data quire`
# Several replicas behind a load balancer with PostgreSQL: deploy/compose.yaml (see the README).

# Build stage: the production install (`npm ci --omit=dev` also compiles the TypeScript, and
# better-sqlite3 when no prebuilt binary fits, hence the build tools).
FROM node:24-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
ENV ONNXRUNTIME_NODE_INSTALL=skip
RUN npm ci --omit=dev && npm cache clean --force

# Run stage: the same Node, the installed app, no build tools.
FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=build /app ./
RUN mkdir -p /app/data && chown node:node /app/data
USER node
ENV QUIRE_HOST=0.0.0.0 QUIRE_PORT=8080 QUIRE_DATABASE=/app/data/quire.db
VOLUME /app/data
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s CMD ["node", "-e", "fetch('http://127.0.0.1:8080/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "bin/quire.js", "serve"]
