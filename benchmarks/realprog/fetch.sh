#!/usr/bin/env bash
# Extract the real programs of programs.txt (each a whole folder: sources,
# Makefile, small inputs) into third_party/realprog/<name>/, which git ignores:
# third-party code is built and measured here, never committed.
#
# Each repository comes from a bare git mirror under $RAPCC_MIRRORS (default
# /work/.mirror, where the session's `fetch` tool puts them as
# <owner>+<name>/repo) or, where that is missing, from a partial clone over the
# network. Snapshots lack blobs over 4 MiB; no selected program needs one.
#
# usage: benchmarks/realprog/fetch.sh [name ...]   (default: every program)
#
# RAPCC_REALPROG_LIST picks another list (programs2.txt: the fresh set of issue
# 30, extracted by default into third_party/realprog2/). A folder '.' is the
# whole repository.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
mirrors="${RAPCC_MIRRORS:-/work/.mirror}"
list="${RAPCC_REALPROG_LIST:-$here/programs.txt}"
set_name="$(basename "$list" .txt)"
dest="${RAPCC_REALPROG_DIR:-$root/third_party/${set_name/programs/realprog}}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

gitdir_of() {  # the bare repository of owner/name, cloned once if no mirror has it
  local repo="$1" mirror="$mirrors/${1/\//+}/repo"
  if [ -d "$mirror" ]; then echo "$mirror"; return; fi
  local clone="$tmp/${repo/\//+}"
  [ -d "$clone" ] || git clone --quiet --bare --filter=blob:limit=4m "https://github.com/$repo.git" "$clone"
  echo "$clone"
}

wanted=" $* "
n=0
mkdir -p "$dest"
while IFS='|' read -r name repo commit folder _args; do
  case "$name" in ''|'#'*) continue ;; esac
  [ $# -gt 0 ] && [[ "$wanted" != *" $name "* ]] && continue
  gitdir="$(gitdir_of "$repo")"
  rm -rf "${dest:?}/$name"
  mkdir -p "$dest/$name"
  strip="$(awk -F/ '{print NF}' <<<"$folder")"
  [ "$folder" = . ] && strip=0
  git -C "$gitdir" archive --format=tar "$commit" -- "$folder" \
    | tar -x -C "$dest/$name" --strip-components="$strip"
  n=$((n + 1))
done <"$list"
echo "realprog: $n programs in $dest"
