#!/usr/bin/env bash
# Makes the container base image locally, with no registry: debootstrap a Debian bookworm root
# file system from the apt mirror this machine is configured with, slim it as the official
# debian:bookworm-slim is slimmed (no docs, man pages or translations, apt that keeps no caches
# and installs no recommends), and import it into podman as localhost/postroom-base:bookworm-slim.
# The Dockerfile builds FROM it with --build-arg BASE_IMAGE=... (docs/operations.md, *Containers*).
#
#   scripts/container-base.sh [--force]     (root; installs debootstrap and podman when missing)
#
# Skipped when the image is already there (--force makes it again). DEBIAN_MIRROR and
# DEBIAN_SECURITY_MIRROR override the mirrors read from /etc/apt/sources.list(.d).
set -euo pipefail
cd "$(dirname "$0")/.."

IMAGE="${POSTROOM_BASE_IMAGE:-localhost/postroom-base:bookworm-slim}"
SUITE=bookworm
force=false
[ "${1:-}" = --force ] && force=true

if [ "$(id -u)" != 0 ]; then
  echo "container-base: debootstrap needs root" >&2
  exit 1
fi

need=()
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
command -v podman >/dev/null 2>&1 || need+=(podman)
if [ ${#need[@]} -gt 0 ]; then
  echo "container-base: installing ${need[*]}"
  apt=(apt-get -o DPkg::Lock::Timeout=300)
  "${apt[@]}" update -qq
  DEBIAN_FRONTEND=noninteractive "${apt[@]}" install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

if ! $force && podman image exists "$IMAGE"; then
  echo "container-base: $IMAGE is there (--force makes it again)"
  exit 0
fi

# The mirrors this machine's apt uses: the first Debian archive and security archive named in
# /etc/apt/sources.list or /etc/apt/sources.list.d/*.{list,sources} (one-line or deb822 form).
sources_uris() {
  {
    cat /etc/apt/sources.list 2>/dev/null || true
    cat /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true
  } | sed -n -e 's/^[[:space:]]*URIs:[[:space:]]*//p' -e 's/^[[:space:]]*deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' |
    tr ' ' '\n' | grep -E '^(https?|file):' || true
}
mirror="${DEBIAN_MIRROR:-$(sources_uris | grep -E '/debian/?$' | head -1)}"
security="${DEBIAN_SECURITY_MIRROR:-$(sources_uris | grep -E '/debian-security/?$' | head -1)}"
mirror="${mirror:-http://deb.debian.org/debian}"
security="${security:-http://deb.debian.org/debian-security}"
echo "container-base: debootstrap $SUITE from $mirror (security: $security)"

work="$(mktemp -d "${TMPDIR:-/tmp}/postroom-base.XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
start=$SECONDS
debootstrap --variant=minbase "$SUITE" "$root" "$mirror" >"$work/debootstrap.log" 2>&1 || {
  tail -20 "$work/debootstrap.log" >&2
  exit 1
}

# Slim, as debuerreotype makes debian:*-slim: dpkg leaves out docs, man and info pages and
# translations from every package installed later, and those already installed are removed.
cat >"$root/etc/dpkg/dpkg.cfg.d/docker" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/info/*
path-exclude /usr/share/man/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
EOF
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$root/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$root"/usr/share/{info,man,locale,lintian,linda}/* "$root"/var/cache/apt/*.bin \
  "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/var/log/*.log \
  "$root"/var/log/apt/* "$root"/tmp/*
cat >"$root/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
cat >"$root/etc/apt/apt.conf.d/docker-no-languages" <<'EOF'
Acquire::Languages "none";
EOF
cat >"$root/etc/apt/apt.conf.d/docker-no-recommends" <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $mirror
Suites: $SUITE $SUITE-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $security
Suites: $SUITE-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
# What the container runtime provides per container, and no trace of the machine it was made on.
: >"$root/etc/machine-id"
: >"$root/etc/resolv.conf"
rm -f "$root/etc/hostname"

tar --numeric-owner --xattrs -C "$root" -c . |
  podman import --quiet --change 'CMD ["bash"]' --change 'ENV LANG=C.UTF-8' \
    --message "debootstrap --variant=minbase $SUITE, slimmed (scripts/container-base.sh)" - "$IMAGE" >/dev/null
echo "container-base: $IMAGE made in $((SECONDS - start)) s ($(podman image inspect --format '{{.Size}}' "$IMAGE") bytes)"
