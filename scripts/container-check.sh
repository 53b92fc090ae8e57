#!/usr/bin/env bash
# The container deployment, built and run on this machine (docs/operations.md, *Containers*):
#  1. installs podman, podman-compose, docker-compose (for `config`), debootstrap when missing;
#  2. finds how podman can run containers here (see podman_setup below);
#  3. makes the base image (scripts/container-base.sh), then Postroom's image and compose.yaml's
#     PostgreSQL and S3 images from it;
#  4. checks compose.yaml (`docker-compose config`), starts it under its own project name and
#     runs the smoke check (scripts/container-smoke.ts: health, letters rendered by each
#     worker); then removes the containers and volumes it made.
# .ci/run runs it after `npm test`. Root only. Layers are cached: a second run rebuilds only
# what changed. POSTROOM_CONTAINER_KEEP=1 leaves the deployment running afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "container-check: $* ($((SECONDS - t0)) s)"; }
t0=$SECONDS
[ "$(id -u)" = 0 ] || { echo "container-check: needs root (rootful podman, debootstrap)" >&2; exit 1; }

need=()
command -v podman >/dev/null 2>&1 || need+=(podman)
command -v runc >/dev/null 2>&1 || need+=(runc)
command -v podman-compose >/dev/null 2>&1 || need+=(podman-compose)
command -v docker-compose >/dev/null 2>&1 || need+=(docker-compose)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
# Compose's services reach each other by name: with podman 4.3's CNI networks, through the
# dnsname plugin (a Recommends of podman that a --no-install-recommends install leaves out).
[ -x /usr/lib/cni/dnsname ] || need+=(golang-github-containernetworking-plugin-dnsname)
if [ ${#need[@]} -gt 0 ]; then
  say "installing ${need[*]}"
  apt=(apt-get -o DPkg::Lock::Timeout=300)
  "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

BASE_IMAGE=localhost/postroom-base:bookworm-slim
bash scripts/container-base.sh
say "base image $BASE_IMAGE ready"

# How podman runs containers here. Podman's defaults first; where they fail, what this kind
# of machine needs (found on the Debian 12 VMs Postroom is built on): crun refuses cgroups in
# "hybrid" mode (v1 controllers with an empty v2 tree: "cgroups in hybrid mode not
# supported"), so runc; and the machine withholds CAP_SYS_RESOURCE, so a container cannot be
# given podman's default RLIMIT_NOFILE/NPROC above the limits podman itself runs under
# ("setrlimit RLIMIT_NOFILE: Operation not permitted"): those limits, then. Written to a
# containers.conf of this run's own (CONTAINERS_CONF), nothing in /etc is changed.
podman_setup() {
  local probe=(run --rm --network none "$BASE_IMAGE" true)
  if podman "${probe[@]}" >/dev/null 2>"$work/probe.err"; then
    say "podman runs containers with its defaults"
    return
  fi
  say "podman's defaults fail here: $(tr '\n' ' ' <"$work/probe.err")"
  local nofile nproc
  nofile="$(ulimit -Hn)"
  nproc="$(ulimit -Hu)"
  # conmon, which starts the runtime, runs under 32768 processes at most.
  [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ] && nproc=32768
  [ "$nofile" = unlimited ] && nofile=1048576
  cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
EOF
  export CONTAINERS_CONF="$work/containers.conf"
  if ! podman "${probe[@]}" >/dev/null 2>"$work/probe.err"; then
    echo "container-check: podman cannot run a container on this machine, with its defaults or with" >&2
    echo "runc and these limits: $(cat "$work/probe.err")" >&2
    exit 1
  fi
  say "podman runs containers with runc, nofile=$nofile, nproc=$nproc"
}

work="$(mktemp -d "${TMPDIR:-/tmp}/postroom-container-check.XXXXXX")"
project=postroomcheck
compose_down() {
  podman-compose -p "$project" -f compose.yaml down -v >/dev/null 2>&1 || true
  podman network rm -f "${project}_default" >/dev/null 2>&1 || true
}
cleanup() {
  [ "${POSTROOM_CONTAINER_KEEP:-}" = 1 ] || compose_down
  rm -rf "$work"
}
trap cleanup EXIT
podman_setup

# The build fetches Node and npm packages over TLS: the host's CA bundle goes in as a build
# secret (in no layer), so a proxy this machine trusts is trusted by the build too.
build=(podman build --jobs 2 --build-arg "BASE_IMAGE=$BASE_IMAGE")
[ -s /etc/ssl/certs/ca-certificates.crt ] && build+=(--secret id=cacert,src=/etc/ssl/certs/ca-certificates.crt)
s=$SECONDS
"${build[@]}" -t localhost/postroom:latest . >"$work/build-postroom.log" 2>&1 ||
  { tail -40 "$work/build-postroom.log" >&2; exit 1; }
say "localhost/postroom:latest built in $((SECONDS - s)) s"
for part in postgres s3; do
  s=$SECONDS
  "${build[@]}" -t "localhost/postroom-$part:latest" "deploy/$part" >"$work/build-$part.log" 2>&1 ||
    { tail -40 "$work/build-$part.log" >&2; exit 1; }
  say "localhost/postroom-$part:latest built in $((SECONDS - s)) s"
done

free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
export BASE_IMAGE
POSTROOM_DATA_KEYS="k1:$(head -c 32 /dev/urandom | base64)"
POSTROOM_PORT_1="$(free_port)"
POSTROOM_PORT_2="$(free_port)"
POSTROOM_PUBLIC_URL="http://127.0.0.1:$POSTROOM_PORT_1"
POSTGRES_PASSWORD="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
S3_SECRET_KEY="$(head -c 18 /dev/urandom | base64 | tr -d '/+=')"
export POSTROOM_DATA_KEYS POSTROOM_PORT_1 POSTROOM_PORT_2 POSTROOM_PUBLIC_URL POSTGRES_PASSWORD S3_SECRET_KEY

docker-compose -p "$project" -f compose.yaml config -q
say "compose.yaml: docker-compose config is clean"

compose_down
s=$SECONDS
podman-compose -p "$project" -f compose.yaml up -d >"$work/up.log" 2>&1 || { cat "$work/up.log" >&2; exit 1; }
say "compose up: $(podman ps --filter "label=io.podman.compose.project=$project" --format '{{.Names}}' | tr '\n' ' ')"
if ! node --import tsx scripts/container-smoke.ts "$project" "http://127.0.0.1:$POSTROOM_PORT_1" \
  "http://127.0.0.1:$POSTROOM_PORT_2"; then
  for c in $(podman ps -a --filter "label=io.podman.compose.project=$project" --format '{{.Names}}'); do
    echo "--- $c (last 30 lines)" >&2
    podman logs --tail 30 "$c" >&2 2>&1 || true
  done
  exit 1
fi
say "smoke check passed in $((SECONDS - s)) s from compose up"
