#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# scripts/fetch-boost-tests.sh: fetches Boost 1.81's source package from Debian's archive (apt-get source
# --download-only boost1.81) into a cache folder (.cache/boost-1.81, or $WARPNUM_BOOST_SRC_CACHE) and extracts what
# tests/boost/ needs: the headers as boost_1_81_0/boost/ and Boost.Multiprecision's tests as
# boost_1_81_0/libs/multiprecision/test/. Nothing of Boost's is committed.
# Writes that folder, for CMake's WARPNUM_BOOST_TEST_SOURCE, as its only line on stdout; progress goes to stderr.
# A cached tarball is not downloaded again, an extracted folder not extracted again. The tarball is Debian's
# boost1.81_1.81.0.orig.tar.xz: first downloaded straight from the archive's pool ($WARPNUM_DEBIAN_MIRROR, default
# http://deb.debian.org/debian) and checked against the SHA-256 that Debian 12's boost1.81 source package lists;
# only when that fails does apt fetch it (apt-get source), which enables deb-src beside the Debian entries of the
# machine's apt sources and runs apt-get update: root, or sudo (CI runs as root).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

package=boost1.81
top=boost_1_81_0
cache=$(realpath -m "${WARPNUM_BOOST_SRC_CACHE:-.cache/boost-1.81}")
tree="$cache/$top"
stamp="$tree/.warpnum-extracted"

say() { echo "fetch-boost-tests: $*" >&2; }
fail() {
  say "ERROR: $1"
  say "fix: $2"
  say "(or set WARPNUM_SKIP_BOOST_TESTS=1 to build and test without Boost's tests)"
  exit 1
}

if [[ -f "$stamp" ]]; then
  say "using $tree (extracted earlier)"
  echo "$tree"
  exit 0
fi

mkdir -p "$cache"
# One fetch at a time per cache folder (two test runs on one machine); the second then finds the first one's work.
exec 9>"$cache/.lock"
flock 9
if [[ -f "$stamp" ]]; then
  say "using $tree (extracted meanwhile)"
  echo "$tree"
  exit 0
fi

can_admin=1
if [[ $(id -u) -eq 0 ]]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1; then
  sudo=(sudo)
else
  sudo=()
  can_admin=0
fi

# The Debian entries of deb822 files (/etc/apt/sources.list.d/*.sources): "Types: deb" becomes "Types: deb deb-src"
# in every stanza whose URIs name a Debian archive; other stanzas (third-party repositories that may publish no
# sources) are left as they are.
enable_deb_src_deb822() {
  local file=$1
  awk '
    function flush() {
      if (n == 0) return
      for (i = 1; i <= n; i++) {
        line = lines[i]
        if (debian && line ~ /^Types:/ && line !~ /deb-src/) line = line " deb-src"
        print line
      }
      n = 0; debian = 0
    }
    /^[ \t]*$/ { flush(); print; next }
    { lines[++n] = $0; if ($0 ~ /^URIs:/ && tolower($0) ~ /debian/) debian = 1 }
    END { flush() }
  ' "$file"
}

# Classic one-line files (/etc/apt/sources.list, sources.list.d/*.list): for each "deb ... <Debian URI> ..." line, a
# "deb-src" line with the same URI, suite and components is appended unless the file has it already.
enable_deb_src_list() {
  local file=$1
  awk '
    { print; seen[$0] = 1 }
    /^deb[ \t]/ && tolower($0) ~ /debian/ { src = $0; sub(/^deb/, "deb-src", src); want[++n] = src }
    END { for (i = 1; i <= n; i++) if (!(want[i] in seen)) { print want[i]; seen[want[i]] = 1 } }
  ' "$file"
}

enable_deb_src() {
  local file rewritten changed=0
  shopt -s nullglob
  for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources; do
    [[ -f "$file" ]] || continue
    if [[ "$file" == *.sources ]]; then
      rewritten=$(enable_deb_src_deb822 "$file")
    else
      rewritten=$(enable_deb_src_list "$file")
    fi
    if [[ "$rewritten" != "$(cat "$file")" ]]; then
      say "enabling deb-src in $file"
      printf '%s\n' "$rewritten" | "${sudo[@]}" tee "$file" >/dev/null ||
        fail "could not write $file" "run as root, or with sudo available"
      changed=1
    fi
  done
  shopt -u nullglob
  return $((1 - changed))  # 0: something changed
}

has_source_index() {
  apt-cache showsrc "$package" 2>/dev/null | grep -q "^Package: $package\$"
}

tarball() {
  compgen -G "$cache/${package}_*.orig.tar.*" | head -n 1 || true
}

# Debian 12's boost1.81 (1.81.0-5+deb12u1) lists this orig tarball with this SHA-256 in its .dsc.
orig=${package}_1.81.0.orig.tar.xz
orig_sha256=449afecf5ef98edc0a46826cde6af98d1fb95c2e92962fa8c9e3eb1e8a2928ec
mirror=${WARPNUM_DEBIAN_MIRROR:-http://deb.debian.org/debian}

# Straight from the pool: no root, no change to the machine's apt sources. Returns 1 (having said why) on failure.
download_from_pool() {
  local url="$mirror/pool/main/b/$package/$orig" part="$cache/$orig.part" start=$SECONDS
  say "downloading $url"
  if command -v curl >/dev/null 2>&1; then
    curl -fsSL --retry 3 --connect-timeout 20 -o "$part" "$url" ||
      { rm -f "$part"; say "curl failed ($url)"; return 1; }
  elif command -v wget >/dev/null 2>&1; then
    wget -q --tries=3 --timeout=20 -O "$part" "$url" || { rm -f "$part"; say "wget failed ($url)"; return 1; }
  else
    python3 -c 'import sys, urllib.request; urllib.request.urlretrieve(sys.argv[1], sys.argv[2])' "$url" "$part" ||
      { rm -f "$part"; say "python3 urllib failed ($url)"; return 1; }
  fi
  if [[ "$(sha256sum "$part" | cut -d' ' -f1)" != "$orig_sha256" ]]; then
    say "$orig from $mirror does not have Debian's SHA-256 $orig_sha256; not used"
    rm -f "$part"
    return 1
  fi
  mv "$part" "$cache/$orig"
  say "download took $((SECONDS - start)) s (SHA-256 checked)"
}

# What apt reads, for the error message when it knows no source package.
apt_sources_summary() {
  shopt -s nullglob
  grep -HE '^[[:space:]]*(deb|deb-src|Types:|URIs:|Suites:|Enabled:)' \
    /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null |
    sed 's/^/fetch-boost-tests:   /' >&2 || true
  shopt -u nullglob
}

if [[ -z "$(tarball)" ]]; then
  download_from_pool || say "falling back to apt-get source"
fi

if [[ -z "$(tarball)" ]]; then
  command -v apt-get >/dev/null 2>&1 ||
    fail "apt-get not found" "run on Debian 12, or put ${package}_1.81.0.orig.tar.xz into $cache"
  command -v dpkg-source >/dev/null 2>&1 ||
    fail "dpkg-dev is not installed (apt-get source needs it)" "./scripts/install-deps.sh"
  ((can_admin)) || fail "not root and no sudo: cannot enable deb-src or run apt-get update" "run as root"

  if ! has_source_index; then
    enable_deb_src || true
    say "apt-get update (to read the Sources indexes)"
    start=$SECONDS
    "${sudo[@]}" apt-get update -q >&2 ||
      fail "apt-get update failed" "check the network and /etc/apt/sources.list.d/debian.sources, then rerun"
    say "apt-get update took $((SECONDS - start)) s"
    has_source_index || { say "apt's sources:"; apt_sources_summary; false; } ||
      fail "apt knows no source package $package (is this Debian 12 with bookworm main and deb-src enabled?)" \
           "add 'Types: deb deb-src' for bookworm main to /etc/apt/sources.list.d/debian.sources; apt-get update"
  fi

  say "downloading the source package $package into $cache"
  start=$SECONDS
  # As root apt downloads unsandboxed when _apt cannot write the folder; that notice is harmless.
  (cd "$cache" && apt-get source --download-only -q "$package" >&2) ||
    fail "apt-get source --download-only $package failed" "check the network (deb.debian.org) and rerun"
  say "download took $((SECONDS - start)) s"
  [[ -n "$(tarball)" ]] || fail "no ${package}_*.orig.tar.* in $cache after the download" "remove $cache and rerun"
fi

archive=$(tarball)
# Debian's orig tarball is Boost's Git layout (top folder boost/): each library's headers lie in
# libs/<lib>/include/boost/ (libs/numeric/<lib>/include/boost/ for the numeric ones), as "b2 headers" links them.
# They are merged into one $top/boost/ (hard links), beside $top/libs/multiprecision/test/.
say "extracting the headers and libs/multiprecision/test from $(basename "$archive") ($(du -h "$archive" | cut -f1))"
start=$SECONDS
staging="$cache/staging"
rm -rf "$tree" "$staging"
mkdir -p "$staging" "$tree/boost" "$tree/libs/multiprecision"
tar -xf "$archive" -C "$staging" --wildcards --no-wildcards-match-slash \
    'boost/libs/*/include/boost' 'boost/libs/numeric/*/include/boost' 'boost/libs/multiprecision/test' ||
  fail "extracting $archive failed" "remove $archive and rerun (xz-utils must be installed: ./scripts/install-deps.sh)"
for include in "$staging"/boost/libs/*/include/boost "$staging"/boost/libs/numeric/*/include/boost; do
  cp -al "$include/." "$tree/boost/"
done
mv "$staging/boost/libs/multiprecision/test" "$tree/libs/multiprecision/test"
rm -rf "$staging"
grep -q '#define BOOST_VERSION 108100' "$tree/boost/version.hpp" ||
  fail "$tree/boost/version.hpp is not Boost 1.81.0" "remove $cache and rerun"
[[ -f "$tree/libs/multiprecision/test/test_arithmetic.hpp" ]] ||
  fail "no libs/multiprecision/test/test_arithmetic.hpp in $archive" "remove $cache and rerun"
touch "$stamp"
say "extraction took $((SECONDS - start)) s ($(find "$tree" -type f | wc -l) files, $(du -sh "$tree" | cut -f1))"
echo "$tree"
