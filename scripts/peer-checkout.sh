# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# scripts/peer-checkout.sh: peer_checkout, sourced by the scripts that fetch the peers measured beside warpnum
# (fetch-sppark.sh, fetch-cgbn.sh): a checkout of one repository at a pinned commit, nothing of it committed here.

# peer_checkout TOOL NAME URL COMMIT DEST: DEST holds NAME at COMMIT afterwards (cloned from URL unless it already
# does); messages go to stderr prefixed by TOOL; a failed clone or a missing commit exits 1 naming the fix
# (WARPNUM_<NAME>_GIT, a reachable clone that has the commit).
peer_checkout() {
  local tool=$1 name=$2 url=$3 commit=$4 dest=$5
  local var="WARPNUM_${name^^}_GIT"
  if [[ "$(git -C "$dest" rev-parse HEAD 2>/dev/null)" == "$commit" ]]; then
    echo "$tool: using $dest ($name $commit)" >&2
    return
  fi
  rm -rf "$dest"
  mkdir -p "$(dirname "$dest")"
  echo "$tool: cloning $url into $dest" >&2
  git clone -q --no-checkout "$url" "$dest" ||
    { echo "$tool: ERROR: git clone $url failed; fix: check the network, or set $var to a reachable clone" >&2
      exit 1; }
  git -C "$dest" checkout -q "$commit" ||
    { echo "$tool: ERROR: $url has no commit $commit; fix: point $var at a clone that has it" >&2; exit 1; }
  echo "$tool: $name $commit in $dest" >&2
}
