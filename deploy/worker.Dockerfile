# syntax=docker/dockerfile:1
#
# A `verus-repair worker` image: the pinned Verus image (built by `verus-repair toolchain build`)
# plus Node 20 and verus-repair. The worker runs Verus inside this container with `--local`; the
# container is the sandbox (non-root, read-only root file system, no capabilities, limits, and a
# network that reaches only Redis: see docker-compose.yml and kubernetes/network-policy.yaml).
#
#   docker build -f deploy/worker.Dockerfile \
#     --build-arg VERUS_IMAGE=$(verus-repair toolchain show --json | jq -r .imageTag) \
#     -t verus-repair/worker:latest .
#
# The worker takes only jobs for the pin it runs (the pin.toml copied below, which must be the pin the
# Verus image was built from); submitters with another pin wait for workers of theirs.

ARG VERUS_IMAGE
ARG NODE_IMAGE=node:20-bookworm-slim

FROM ${NODE_IMAGE} AS app
WORKDIR /app
COPY package.json package-lock.json tsconfig.json tsconfig.build.json ./
RUN npm ci --no-audit --no-fund
COPY src ./src
COPY bin ./bin
COPY prompts ./prompts
COPY verus-toolchain ./verus-toolchain
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM ${VERUS_IMAGE}
USER root
COPY --from=app /usr/local/bin/node /usr/local/bin/node
COPY --from=app /app /opt/verus-repair-app
RUN ln -s /opt/verus-repair-app/bin/verus-repair.js /usr/local/bin/verus-repair \
 && mkdir -p /work/worker && chown verus:verus /work/worker
# verus-repair.toml of the worker: the local runner (the Verus of this image) with the image's offline
# cargo settings passed through; submitters run the pre-check, workers only Verus.
RUN printf '[verifier]\nrunner = "local"\npass_env = ["CARGO_TARGET_DIR", "CARGO_NET_OFFLINE"]\n\n[verifier.precheck]\nenabled = false\n' > /work/worker/verus-repair.toml \
 && printf '#!/bin/sh\n# Seed the (tmpfs) target directory with the vstd the image built, so no job rebuilds it.\ncp -R /opt/verus-repair/target-seed/. "$CARGO_TARGET_DIR"/ 2>/dev/null || true\nexec verus-repair worker --local "$@"\n' > /usr/local/bin/verus-repair-worker \
 && chmod 755 /usr/local/bin/verus-repair-worker
USER verus
WORKDIR /work/worker
# The base image sets CARGO_NET_OFFLINE=true and CARGO_TARGET_DIR=/work/target. One job at a time per
# container: cargo locks the target directory, so scale with replicas rather than --concurrency.
# VERUS_REPAIR_REDIS_URL comes from the environment (a secret), never from a file.
ENTRYPOINT ["verus-repair-worker"]
CMD ["--concurrency", "1"]
