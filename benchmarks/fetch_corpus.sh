#!/usr/bin/env bash
# Extract the real-code corpus (CUDA sources and the headers they include) into
# third_party/corpus/<project>/, which git ignores: third-party code is read and
# measured here, never committed.
#
# Each project comes from a bare git mirror under $RAPCC_MIRRORS (default
# /work/.mirror, where the session's `fetch` tool puts them as
# <owner>+<name>/repo) or, where that is missing, from a shallow clone over the
# network. Only source-like files are extracted (no data sets, no binaries).
#
# usage: benchmarks/fetch_corpus.sh [project ...]   (default: all)
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
mirrors="${RAPCC_MIRRORS:-/work/.mirror}"
dest="$root/third_party/corpus"

# project name -> GitHub owner/name and the commit measured in docs/corpus.md.
declare -A REPO=(
  [cuda-samples]=NVIDIA/cuda-samples
  [rodinia]=yuhc/gpu-rodinia
  [parboil]=abduld/Parboil
  [polybench-acc]=cavazos-lab/PolyBench-ACC
  [shoc]=vetter/shoc
)
declare -A COMMIT=(
  [cuda-samples]=c94ff366
  [rodinia]=9c10d3e
  [parboil]=a4c63da
  [polybench-acc]=70ea4ca
  [shoc]=0aea03b
)
pattern='\.(cu|cuh|h|hh|hpp|hxx|inl|inc|c|cc|cpp|cxx)$'

extract() {
  local project="$1" gitdir="$2" commit="$3"
  rm -rf "${dest:?}/$project"
  mkdir -p "$dest/$project"
  # Paths go to `git archive` as arguments (it reads none on stdin); snapshots
  # lack blobs over 4 MiB, and no source file is that large.
  git -C "$gitdir" ls-tree -r -z --name-only "$commit" | grep -zE "$pattern" \
    | xargs -0 git -C "$gitdir" archive --format=tar "$commit" -- | tar -x --ignore-zeros -C "$dest/$project"
  echo "$project: $(find "$dest/$project" -name '*.cu' | wc -l) .cu files at $commit"
}

projects=("$@")
[ ${#projects[@]} -eq 0 ] && projects=(cuda-samples rodinia parboil polybench-acc shoc)
for project in "${projects[@]}"; do
  repo="${REPO[$project]:?unknown project $project}"
  commit="${COMMIT[$project]}"
  mirror="$mirrors/${repo/\//+}/repo"
  if [ -d "$mirror" ]; then
    extract "$project" "$mirror" "$commit"
  else
    tmp="$(mktemp -d)"
    trap 'rm -rf "$tmp"' EXIT
    git clone --quiet --bare --filter=blob:limit=4m "https://github.com/$repo.git" "$tmp/repo"
    extract "$project" "$tmp/repo" "$commit"
  fi
done
