# Lajan's image (docs/operations.md, decision 229). Built with the same production start that CI runs
# (npm run stage, then node scripts/serve.mjs, in bench/prod-smoke.mjs): no development package in the
# image, Node 24 from the `node` package as in CI, a user of its own.

FROM node:24-bookworm-slim AS build
# allowScripts and --strict-allow-scripts need npm 11.19 or later.
RUN npm install -g npm@11.19.1 --no-audit --no-fund
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund --strict-allow-scripts \
 && npm run build \
 && npm run stage -- /app

FROM debian:bookworm-slim
RUN groupadd --system --gid 10001 lajan \
 && useradd --system --uid 10001 --gid lajan --home-dir /var/lib/lajan --shell /usr/sbin/nologin lajan \
 && mkdir -p /var/lib/lajan && chown lajan:lajan /var/lib/lajan && chmod 700 /var/lib/lajan
# Owned by root: the server reads its code, never writes it.
COPY --from=build /app /app
WORKDIR /app
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/lajan \
    PATH=/app/node_modules/.bin:$PATH
VOLUME /var/lib/lajan
EXPOSE 3000
USER lajan
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Node itself, not npm: the SIGTERM of `docker stop` reaches the server, which closes cleanly.
CMD ["node", "scripts/serve.mjs"]
