# syntax=docker/dockerfile:1
#
# The pinned Verus image verus-repair verifies in. Build it with
#     verus-repair toolchain build
# which passes every ARG below from verus-toolchain/pin.toml and tags the image
# verus-repair/verus:<release>-<first 12 hex of the pin hash>. The ARGs have no defaults on purpose:
# a build that does not come from the pin fails at the first check below.
#
# Run-time contract (see docs/verifier.md): `docker run --network none --user 10001:10001`, the crate
# copy mounted read-only at /work/crate, tmpfs at /work/build and /work/target, CARGO_TARGET_DIR=/work/target.

ARG BASE_IMAGE
FROM ${BASE_IMAGE}

ARG VERUS_RELEASE
ARG VERUS_ASSET
ARG VERUS_URL
ARG VERUS_SHA256
ARG RUST_TOOLCHAIN
ARG RUSTUP_VERSION
ARG RUSTUP_SHA256
ARG Z3_VERSION
ARG VSTD_VERSION
ARG PIN_HASH

LABEL verus-repair.pin-hash="${PIN_HASH}" \
      verus-repair.verus-release="${VERUS_RELEASE}" \
      verus-repair.rust-toolchain="${RUST_TOOLCHAIN}" \
      verus-repair.vstd="${VSTD_VERSION}"

SHELL ["/bin/bash", "-o", "pipefail", "-c"]

# Refuse a build that does not come from a complete, locked pin.
RUN for name in VERUS_RELEASE VERUS_ASSET VERUS_URL RUST_TOOLCHAIN RUSTUP_VERSION RUSTUP_SHA256 Z3_VERSION VSTD_VERSION PIN_HASH; do \
      if [ -z "${!name}" ]; then echo "build argument ${name} is empty: build with 'verus-repair toolchain build'" >&2; exit 1; fi; \
    done; \
    if ! [[ "${VERUS_SHA256}" =~ ^[0-9a-f]{64}$ ]]; then \
      echo "verus.sha256 in verus-toolchain/pin.toml is empty or malformed: download ${VERUS_URL} and run 'verus-repair toolchain lock --zip ${VERUS_ASSET}'" >&2; exit 1; \
    fi

ENV DEBIAN_FRONTEND=noninteractive
# gcc/libc6-dev: rustc links proc-macro crates (verus_builtin_macros) and build scripts with cc.
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates curl unzip gcc libc6-dev \
 && rm -rf /var/lib/apt/lists/*

ENV RUSTUP_HOME=/opt/rustup \
    CARGO_HOME=/opt/cargo \
    PATH=/opt/verus:/opt/cargo/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin

# Exactly the pinned Rust toolchain, minimal profile, from a checksummed rustup-init.
RUN curl --proto '=https' --tlsv1.2 -fsSL -o /tmp/rustup-init \
      "https://static.rust-lang.org/rustup/archive/${RUSTUP_VERSION}/x86_64-unknown-linux-gnu/rustup-init" \
 && echo "${RUSTUP_SHA256}  /tmp/rustup-init" | sha256sum -c - \
 && chmod +x /tmp/rustup-init \
 && /tmp/rustup-init -y --no-modify-path --profile minimal --default-toolchain "${RUST_TOOLCHAIN}" \
 && rm /tmp/rustup-init \
 && rustup toolchain list | grep -qF "${RUST_TOOLCHAIN}" \
 && chmod -R a+rwX "${RUSTUP_HOME}" "${CARGO_HOME}"

# The Verus release zip, checked against the pinned sha256 BEFORE it is unzipped.
RUN curl --proto '=https' --tlsv1.2 -fsSL -o "/tmp/${VERUS_ASSET}" "${VERUS_URL}" \
 && echo "${VERUS_SHA256}  /tmp/${VERUS_ASSET}" | sha256sum -c - \
 && unzip -q "/tmp/${VERUS_ASSET}" -d /tmp/verus-unzip \
 && mv /tmp/verus-unzip/verus-x86-linux /opt/verus \
 && rm -rf "/tmp/${VERUS_ASSET}" /tmp/verus-unzip \
 && grep -qF "${VERUS_RELEASE}" /opt/verus/version.json \
 && /opt/verus/z3 --version | grep -qF "${Z3_VERSION}"

ENV VERUS_Z3_PATH=/opt/verus/z3

RUN useradd --uid 10001 --user-group --create-home --shell /bin/bash verus \
 && mkdir -p /work/crate /work/build /work/target \
 && chown verus:verus /work/build /work/target

# Pre-fetch the paired vstd into CARGO_HOME and seed a target directory with it built by cargo
# verus, so that `docker run --network none` works (`--offline`) and runs do not rebuild vstd.
# The seed must be what a run would build: the same cargo-verus options as the Docker runner
# (src/verifier/jobs/build-verus-command.ts; its test compares them with these lines), the same
# CARGO_TARGET_DIR, and the same VERUS_Z3_PATH (Verus records it, and the Verus args env var of
# each package, as dependencies: cargo re-runs a unit when one changes). With the Verus args sent
# to roots only, vstd's args are the same on every run. `focus` builds into target/verus-partial,
# with vstd under --no-verify (V cargo-verus/src/subcommands.rs:163-170, 406-408), so it is seeded too.
COPY verus-toolchain/prefetch-crate /opt/verus-repair/prefetch-crate
RUN sed -i "s/VSTD_VERSION/${VSTD_VERSION}/" /opt/verus-repair/prefetch-crate/Cargo.toml \
 && cp -R /opt/verus-repair/prefetch-crate/. /work/build/ \
 && cd /work/build \
 && cargo fetch \
 && verus --version \
 && CARGO_TARGET_DIR=/work/target cargo verus verify --fwd-verus-args-to roots --offline --message-format=json -- --rlimit 30 \
 && CARGO_TARGET_DIR=/work/target cargo verus focus --fwd-verus-args-to roots --offline --message-format=json -- --rlimit 30 --verify-root \
 && test -d /work/target/verus-partial \
 && mv /work/target /opt/verus-repair/target-seed \
 && rm -rf /work/build/* /work/build/.[!.]* \
 && mkdir -p /work/target \
 && chown verus:verus /work/build /work/target \
 && chmod -R a+rwX "${CARGO_HOME}" /opt/verus-repair/target-seed

ENV CARGO_NET_OFFLINE=true \
    CARGO_TARGET_DIR=/work/target

USER verus
WORKDIR /work/build
CMD ["verus", "--version"]
