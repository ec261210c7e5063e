#!/usr/bin/env bash
# before-after.sh: two builds of stagehand side by side, in one run: `list` and `info` with 1,000 plugins against
# gst-inspect-1.0, `stagehand --version` start-up, the first isolated scan of 1,000 libraries, and the callgrind
# instruction counts of `info push` and `--version` (issue 20's table).
#
# Usage:   Benchmarks/before-after.sh BEFORE/stagehand AFTER/stagehand
#          (each a release build, with its stagehand-scanner and bundled plugin libraries next to it; build the
#          revision before with `git worktree add DIR REV && swift build -c release` in DIR)
#
# What it does:
#   1. generate-plugins.sh writes and compiles COUNT plugins (default 1000) against the BEFORE tree's header
#      (HEADER_DIR, default: the header next to the BEFORE build's tree, else this tree's), so both hosts load them.
#   2. Each build gets its own empty XDG_CACHE_HOME, XDG_DATA_HOME and XDG_CONFIG_HOME; `scan` must find every
#      library `ok`, and `list` must print COUNT generated styles and nothing on standard error.
#   3. One hyperfine run (-N, --warmup 10, RUNS runs) of the warm commands of both builds and gst-inspect-1.0 (with
#      its own registry, built beforehand): `list`, `info push`, `--version`; every command through `env`.
#   4. The first scan of COUNT new libraries, both builds in one hyperfine run (SCAN_RUNS runs, the cache removed
#      before each).
#   5. callgrind (instructions, which do not move with the load) of `info push` with COUNT plugins and of
#      `--version`, each build stripped of its debug information first.
# Environment (optional): COUNT, RUNS (default 100), SCAN_RUNS (default 5), HEADER_DIR, KEEP=1 (keep the files).
# Needs: hyperfine, jq, a C compiler; valgrind and objcopy for step 5; gst-inspect-1.0 for the peer.
set -euo pipefail

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
die() { echo "before-after.sh: $*" >&2; exit 1; }
[[ $# == 2 ]] || die "usage: before-after.sh BEFORE/stagehand AFTER/stagehand"
before=$(realpath "$1") after=$(realpath "$2")
for bin in "$before" "$after"; do
  [[ -x $bin && -x $(dirname "$bin")/stagehand-scanner ]] || die "no stagehand with its stagehand-scanner at $bin"
done
count=${COUNT:-1000} runs=${RUNS:-100} scan_runs=${SCAN_RUNS:-5}
header_dir=${HEADER_DIR:-$(git -C "$(dirname "$before")" rev-parse --show-toplevel 2>/dev/null || echo /nonexistent)/Sources/CStagehandPlugin/include}
[[ -f $header_dir/stagehand_plugin.h ]] || header_dir=$script_dir/../Sources/CStagehandPlugin/include
for tool in hyperfine jq; do command -v "$tool" >/dev/null || die "$tool is needed"; done

work=$(mktemp -d "${TMPDIR:-/tmp}/stagehand-before-after.XXXXXX")
if [[ ${KEEP:-0} == 1 ]]; then echo "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
unset STAGEHAND_PLUGIN_PATH STAGEHAND_SCANNER STAGEHAND_SCAN_TIMEOUT GST_REGISTRY GST_PLUGIN_PATH
echo "before: $before ($("$before" --version)); after: $after ($("$after" --version))"
echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg); header: $header_dir"

"$script_dir/generate-plugins.sh" "$count" "$work/plugins" "$header_dir"

# The environment of build $1 (before or after), with the generated plugins.
envs() { echo "env XDG_CACHE_HOME=$work/$1/cache XDG_DATA_HOME=$work/$1/data XDG_CONFIG_HOME=$work/$1/config STAGEHAND_PLUGIN_PATH=$work/plugins"; }
for side in before after; do
  bin=${!side}
  mkdir -p "$work/$side/data" "$work/$side/config"
  $(envs $side) "$bin" scan >"$work/$side/scan.out" 2>&1 || die "$side: scan failed: $(cat "$work/$side/scan.out")"
  grep -Eq "^([0-9]+) libraries: \1 ok" "$work/$side/scan.out" || die "$side: not every library ok: $(head -3 "$work/$side/scan.out")"
  $(envs $side) "$bin" list >"$work/$side/list.out" 2>"$work/$side/list.err"
  [[ ! -s $work/$side/list.err ]] || die "$side: list wrote to stderr: $(cat "$work/$side/list.err")"
  (($(grep -c '^slide-[0-9]* ' "$work/$side/list.out") == count)) || die "$side: list does not show $count styles"
  echo "$side: $(head -1 "$work/$side/scan.out")"
done

peer=()
if command -v gst-inspect-1.0 >/dev/null; then
  env GST_REGISTRY="$work/gst.bin" gst-inspect-1.0 >/dev/null 2>&1
  peer=(-n "gst-inspect-1.0" "env GST_REGISTRY=$work/gst.bin gst-inspect-1.0")
fi
hyperfine -N --style basic --warmup 10 --runs "$runs" --export-json "$work/warm.json" \
  -n "list, before" "$(envs before) $before list" -n "list, after" "$(envs after) $after list" "${peer[@]}" \
  -n "info push, before" "$(envs before) $before info push" -n "info push, after" "$(envs after) $after info push" \
  -n "version, before" "$(envs before) $before --version" -n "version, after" "$(envs after) $after --version"
hyperfine -N --style basic --warmup 0 --runs "$scan_runs" --export-json "$work/scan.json" \
  --prepare "rm -rf $work/before/cache $work/after/cache" \
  -n "first scan, before" "$(envs before) $before scan" -n "first scan, after" "$(envs after) $after scan"

instructions=()
if command -v valgrind >/dev/null && command -v objcopy >/dev/null; then
  for side in before after; do
    # A stripped copy in the work directory, so the bundled libraries' directory stays as scanned; they are named on
    # the plugin path instead, and a first run warms the copy's cache.
    dir=$(dirname "${!side}") copy="$work/$side/stagehand-nodebug"
    objcopy --strip-debug "${!side}" "$copy"
    run=(env STAGEHAND_SCANNER="$dir/stagehand-scanner" XDG_CACHE_HOME="$work/$side/cache-ir" XDG_DATA_HOME="$work/$side/data"
      XDG_CONFIG_HOME="$work/$side/config" STAGEHAND_PLUGIN_PATH="$work/plugins:$dir")
    # A directory's listing joins the cache in a rewrite of its own once it is 3 s old: wait, and let a second `list`
    # make that rewrite, so that neither counted command does.
    "${run[@]}" "$copy" list >/dev/null 2>&1; sleep 4; "${run[@]}" "$copy" list >/dev/null 2>&1
    for args in "info push" "--version"; do
      # shellcheck disable=SC2086
      n=$("${run[@]}" valgrind --tool=callgrind --callgrind-out-file=/dev/null "$copy" $args 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
      instructions+=("$args, $side: $n")
    done
  done
fi

echo; echo "== summary: mean ± standard deviation in ms; after / before from the same hyperfine run =="
row() { jq -r --arg n "$2" '.results[] | select(.command == $n) | "\(.mean * 1000) \((.stddev // 0) * 1000)"' "$work/$1.json"; }
for pair in "warm:list" "warm:info push" "warm:version" "scan:first scan"; do
  file=${pair%%:*} name=${pair#*:}
  read -r b bs < <(row "$file" "$name, before"); read -r a as < <(row "$file" "$name, after")
  awk -v n="$name" -v b="$b" -v bs="$bs" -v a="$a" -v as="$as" \
    'BEGIN { printf "%-16s before %8.2f ± %5.2f   after %8.2f ± %5.2f   after/before %.2f\n", n, b, bs, a, as, a / b }'
done
if ((${#peer[@]})); then
  read -r g gs < <(row warm "gst-inspect-1.0")
  for side in before after; do
    read -r l _ < <(row warm "list, $side"); read -r i _ < <(row warm "info push, $side")
    awk -v s="$side" -v g="$g" -v l="$l" -v i="$i" \
      'BEGIN { printf "gst-inspect-1.0 %.2f ms; %s: list / gst %.2f, info push / gst %.2f\n", g, s, l / g, i / g }'
  done
fi
printf 'instructions (callgrind): %s\n' "${instructions[@]}"
