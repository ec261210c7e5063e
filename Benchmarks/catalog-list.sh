#!/usr/bin/env bash
# catalog-list.sh: how fast `stagehand list` answers with many plugin libraries installed, against gst-inspect-1.0.
#
# Usage:   Benchmarks/catalog-list.sh [PATH-TO-stagehand]
#          (default: $STAGEHAND_BIN, else ../.build/release/stagehand relative to this script; build it first with
#          `swift build -c release`). `stagehand-scanner` and the bundled plugin libraries must lie next to it.
#
# What it does:
#   1. Generates MAX small, valid C plugins at run time (MAX = the largest of SIZES, default 1000) into a temporary
#      directory and compiles them in parallel (xargs -P, one job per core). Plugin i has the id org.bench.pNNNN,
#      one style `slide-NNNN` (an enum parameter `direction`, left/right) and one preset `slide-NNNN-from-left`, so
#      no two plugins share a name and `list` reports no conflict. For each N of SIZES, the first N are copied into
#      a directory of their own that is the only entry of STAGEHAND_PLUGIN_PATH (the B bundled libraries next to
#      the executable are found too, so "N plugins" means N + B libraries; B is counted by the first scan).
#   2. Warm cache: every configuration gets its own XDG_CACHE_HOME (and an empty XDG_DATA_HOME and XDG_CONFIG_HOME,
#      so no user plugin or allow-list takes part) and runs `stagehand scan` once; the script checks that every
#      library is `ok` and that `list` prints the N generated styles and nothing on stderr. Then, for each N, ONE
#      hyperfine invocation (--warmup 10, RUNS runs, -N: no shell) measures `stagehand list` with N plugins, `gst-inspect-1.0`
#      (when installed, with a registry file of its own built beforehand) and `stagehand list` with only the bundled
#      plugins, so the ratios come from one run. With MAX plugins it also measures `stagehand info` and
#      `stagehand preview` (output to /dev/null, so preview prints its timeline instead of playing) of the bundled
#      style `push` and of the generated style slide-<MAX/2>, against `push` with only the bundled plugins.
#      Every command is started through `env VAR=... command` (hyperfine has no per-command environment), the
#      gst-inspect-1.0 one included, so each pays the same exec of /usr/bin/env. That costs about 1 ms on a small VM,
#      so the script also measures `env X=1 true` against `true` and prints the ratios net of it as well.
#   3. Max RSS of `stagehand list` with MAX plugins (and, for comparison, with the bundled ones and of
#      gst-inspect-1.0) with GNU time: `/usr/bin/time -f %M`, RSS_RUNS runs each, the largest value reported.
#      GNU time is Debian's package `time` (apt-get install time); without it this part is skipped.
#   3b. With valgrind and objcopy installed, counts the instructions (callgrind) of `info push` with MAX plugins and
#      with the bundled ones: a figure that does not move with the machine's load.
#   4. The first, isolated scan of MAX new libraries: `stagehand scan` on an empty cache, with nothing else of the
#      script running, timed once on its own (the first scan of these files; they were just written, so they are in
#      the page cache) and then SCAN_RUNS times with hyperfine (the cache removed before each run); time / MAX = ms
#      per library (the bundled libraries are scanned too, and not counted). For comparison, GStreamer's cold
#      registry build: `GST_REGISTRY=<missing file> gst-inspect-1.0 >/dev/null` (it loads every plugin in a
#      gst-plugin-scanner child, writes the registry, then lists), SCAN_RUNS times with the file removed before each
#      run, divided by the plugin count gst-inspect-1.0 reports; also net of a warm gst-inspect-1.0 run.
#   5. Prints a summary table of times and ratios; the hyperfine JSON and markdown exports are kept in RESULTS_DIR.
#
# Environment (all optional):
#   STAGEHAND_BIN  the stagehand executable (the first argument wins over it)
#   SIZES          plugin counts to measure, default "10 100 1000" (the largest one is MAX)
#   RESULTS_DIR    where the hyperfine exports go, default a new /tmp/catalog-list-results.XXXXXX (kept)
#   RUNS           hyperfine runs of each warm command, default 100 (after 10 warm-up runs)
#   SCAN_RUNS      hyperfine runs of the cold scans, default 5;  RSS_RUNS  runs of /usr/bin/time, default 5
#   CC             the C compiler, default cc;  KEEP=1 keeps the temporary directory of plugins and caches
#
# Needs: bash, a C compiler, hyperfine (>= 1.13 for -N), jq, GNU time (optional), gst-inspect-1.0 (optional).
# Timings move with the load of the machine: run it on an otherwise idle machine, and compare ratios from one run.
set -euo pipefail
umask 022 # group- or world-writable libraries would be `untrusted` and never scanned

script_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
header_dir="$script_dir/../Sources/CStagehandPlugin/include"
bin=${1:-${STAGEHAND_BIN:-$script_dir/../.build/release/stagehand}}
sizes=${SIZES:-"10 100 1000"}
scan_runs=${SCAN_RUNS:-5}
runs=${RUNS:-100}
rss_runs=${RSS_RUNS:-5}
cc=${CC:-cc}

die() { echo "catalog-list.sh: $*" >&2; exit 1; }

[[ -x $bin ]] || die "no stagehand executable at $bin (build with 'swift build -c release', or pass its path)"
bin=$(realpath "$bin")
bin_dir=$(dirname "$bin")
[[ -x $bin_dir/stagehand-scanner ]] || die "stagehand-scanner must lie next to $bin"
[[ -f $header_dir/stagehand_plugin.h ]] || die "no stagehand_plugin.h in $header_dir"
for tool in hyperfine jq "$cc"; do command -v "$tool" >/dev/null || die "$tool is needed"; done
have_gst=0; command -v gst-inspect-1.0 >/dev/null && have_gst=1
have_time=0; [[ -x /usr/bin/time ]] && /usr/bin/time -f %M true >/dev/null 2>&1 && have_time=1

max=0
for n in $sizes; do
  [[ $n =~ ^[1-9][0-9]{0,3}$ ]] || die "SIZES must be numbers from 1 to 9999"
  if ((n > max)); then max=$n; fi
done

work=$(mktemp -d "${TMPDIR:-/tmp}/stagehand-bench.XXXXXX")
[[ $work != *[[:space:]]* ]] || die "the temporary directory must not contain spaces: $work"
if [[ ${KEEP:-0} == 1 ]]; then echo "keeping $work"; else trap 'rm -rf "$work"' EXIT; fi
results=${RESULTS_DIR:-$(mktemp -d /tmp/catalog-list-results.XXXXXX)}
mkdir -p "$results"
results=$(realpath "$results")

# Nothing from the caller's environment may add plugins, pin them, or change the scanner.
unset STAGEHAND_PLUGIN_PATH STAGEHAND_SCANNER STAGEHAND_SCAN_TIMEOUT GST_REGISTRY GST_PLUGIN_PATH
mkdir -p "$work/data" "$work/config"
export XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config"
for dir in /usr/local/lib/stagehand/plugins /usr/lib/stagehand/plugins; do
  if [[ -d $dir ]]; then echo "warning: $dir exists; its plugins take part in every measurement" >&2; fi
done

echo "stagehand: $bin ($("$bin" --version))"
echo "machine:   $(nproc) cores, $(uname -srm); results in $results"

# ------------------------------------------------------------------------------------------------------------------
# 1. Generate and compile the plugins.
# ------------------------------------------------------------------------------------------------------------------

start=$(date +%s%N)
CC="$cc" "$script_dir/generate-plugins.sh" "$max" "$work/lib-all" "$header_dir"
echo "compiled $max plugins in $(( ($(date +%s%N) - start) / 1000000 )) ms with $(nproc) jobs"

for n in $sizes; do
  mkdir -p "$work/lib-$n"
  for ((i = 1; i <= n; i++)); do cp "$work/lib-all/libp$(printf %04d "$i").so" "$work/lib-$n/"; done
done

# ------------------------------------------------------------------------------------------------------------------
# 2. Warm caches, one per configuration, and the timings.
# ------------------------------------------------------------------------------------------------------------------

# The `env` prefix of a configuration: "bundled" or a plugin count.
envs() {
  if [[ $1 == bundled ]]; then
    echo "env XDG_CACHE_HOME=$work/cache-bundled"
  else
    echo "env XDG_CACHE_HOME=$work/cache-$1 STAGEHAND_PLUGIN_PATH=$work/lib-$1"
  fi
}

bundled_count=0 # the libraries next to the executable, counted by the scan of the bundled configuration

warm() { # $1: configuration, $2: the number of generated styles `list` must print
  local out err
  $(envs "$1") "$bin" scan >"$work/scan-$1.out" 2>&1 || die "stagehand scan ($1) failed: $(cat "$work/scan-$1.out")"
  if [[ $1 == bundled ]]; then
    bundled_count=$(sed -n 's/^\([0-9]*\) libraries: \1 ok.*/\1/p' "$work/scan-$1.out")
    [[ -n $bundled_count ]] || die "stagehand scan (bundled) did not find only good libraries: $(cat "$work/scan-$1.out")"
  fi
  grep -q "^$(($2 + bundled_count)) libraries: $(($2 + bundled_count)) ok" "$work/scan-$1.out" ||
    die "stagehand scan ($1) did not find $(($2 + bundled_count)) good libraries: $(cat "$work/scan-$1.out")"
  out=$($(envs "$1") "$bin" list 2>"$work/list-$1.err")
  err=$(cat "$work/list-$1.err")
  [[ -z $err ]] || die "stagehand list ($1) wrote to stderr: $err"
  (($(grep -c '^slide-[0-9]* ' <<<"$out" || true) == $2)) || die "stagehand list ($1) does not show $2 slide styles"
}

warm bundled 0
for n in $sizes; do warm "$n" "$n"; done

gst_env="env GST_REGISTRY=$work/gst-registry.bin"
gst_count=0
if ((have_gst)); then
  $gst_env gst-inspect-1.0 >"$work/gst.out" 2>/dev/null # builds the registry: every later run is warm
  gst_count=$(sed -n 's/^Total count: \([0-9]*\) plugins.*/\1/p' "$work/gst.out")
  [[ -n $gst_count ]] || die "could not read the plugin count of gst-inspect-1.0"
fi

hf() { # $1: the export name; the rest: hyperfine arguments
  local name=$1; shift
  hyperfine -N --style basic --export-json "$results/$name.json" --export-markdown "$results/$name.md" "$@"
}

echo; echo "== the cost of the env wrapper =="
hf env-overhead --warmup 10 --runs "$runs" -n "true" "true" -n "env X=1 true" "env X=1 true"

for n in $sizes; do
  echo; echo "== stagehand list with $n plugins =="
  args=(-n "stagehand list, $n plugins" "$(envs "$n") $bin list")
  if ((have_gst)); then args+=(-n "gst-inspect-1.0, $gst_count plugins" "$gst_env gst-inspect-1.0"); fi
  args+=(-n "stagehand list, bundled only" "$(envs bundled) $bin list")
  hf "list-$n" --warmup 10 --runs "$runs" "${args[@]}"
done

slide="slide-$(printf %04d $((max / 2)))"
for command in info preview; do
  echo; echo "== stagehand $command with $max plugins =="
  hf "$command-$max" --warmup 10 --runs "$runs" \
    -n "$command push, $max plugins" "$(envs "$max") $bin $command push" \
    -n "$command $slide, $max plugins" "$(envs "$max") $bin $command $slide" \
    -n "$command push, bundled only" "$(envs bundled) $bin $command push"
done

# ------------------------------------------------------------------------------------------------------------------
# 3. Max RSS with GNU time.
# ------------------------------------------------------------------------------------------------------------------

max_rss() { # the largest max RSS in KiB of RSS_RUNS runs of the command in "$@"
  local i kib largest=0
  for ((i = 0; i < rss_runs; i++)); do
    /usr/bin/time -f %M -o "$work/rss" "$@" >/dev/null 2>&1
    kib=$(tail -n 1 "$work/rss")
    if ((kib > largest)); then largest=$kib; fi
  done
  echo "$largest"
}

rss_list=- rss_bundled=- rss_gst=-
if ((have_time)); then
  echo; echo "== max RSS (GNU time, /usr/bin/time -f %M, largest of $rss_runs runs) =="
  rss_list=$(max_rss $(envs "$max") "$bin" list)
  rss_bundled=$(max_rss $(envs bundled) "$bin" list)
  if ((have_gst)); then rss_gst=$(max_rss $gst_env gst-inspect-1.0); fi
  echo "stagehand list, $max plugins: $rss_list KiB; bundled only: $rss_bundled KiB; gst-inspect-1.0: $rss_gst KiB"
else
  echo "GNU time (/usr/bin/time) is missing: max RSS not measured (apt-get install time)" >&2
fi

# ------------------------------------------------------------------------------------------------------------------
# 3b. Instructions (callgrind), which do not move with the load of the machine: `info push` with MAX plugins against
#     the same with the bundled ones. Valgrind cannot read the DWARF of the static executable,
#     so a copy without it runs from the temporary directory, with the bundled libraries on STAGEHAND_PLUGIN_PATH.
# ------------------------------------------------------------------------------------------------------------------

instructions() { # $1: the configuration's STAGEHAND_PLUGIN_PATH, $2: its cache; the rest: the command's arguments
  local path=$1 cache=$2; shift 2
  env XDG_CACHE_HOME="$cache" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" STAGEHAND_PLUGIN_PATH="$path" \
    STAGEHAND_SCANNER="$bin_dir/stagehand-scanner" "$work/stagehand-nodebug" list >/dev/null 2>&1 # warm, listings kept
  env XDG_CACHE_HOME="$cache" XDG_DATA_HOME="$work/data" XDG_CONFIG_HOME="$work/config" STAGEHAND_PLUGIN_PATH="$path" \
    STAGEHAND_SCANNER="$bin_dir/stagehand-scanner" valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    "$work/stagehand-nodebug" "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
instructions_max=- instructions_bundled=-
if command -v valgrind >/dev/null && command -v objcopy >/dev/null; then
  echo; echo "== instructions (callgrind) of info =="
  objcopy --strip-debug "$bin" "$work/stagehand-nodebug"
  instructions_max=$(instructions "$work/lib-$max:$bin_dir" "$work/cache-ir-$max" info push)
  instructions_bundled=$(instructions "$bin_dir" "$work/cache-ir-bundled" info push)
  echo "info push, $max plugins: $instructions_max; bundled only: $instructions_bundled"
else
  echo "valgrind or objcopy is missing: instructions not counted" >&2
fi

# ------------------------------------------------------------------------------------------------------------------
# 4. Cold scans.
# ------------------------------------------------------------------------------------------------------------------

echo; echo "== first scan of $max new libraries (empty cache) =="
cold="$work/cache-cold"
rm -rf "$cold"
start=$(date +%s%N)
env XDG_CACHE_HOME="$cold" STAGEHAND_PLUGIN_PATH="$work/lib-$max" "$bin" scan
first_scan_ms=$(( ($(date +%s%N) - start) / 1000000 ))
echo "first scan: $first_scan_ms ms"
hf "scan-$max" --warmup 0 --runs "$scan_runs" --prepare "rm -rf $cold" \
  -n "stagehand scan, $max new libraries" "env XDG_CACHE_HOME=$cold STAGEHAND_PLUGIN_PATH=$work/lib-$max $bin scan"

if ((have_gst)); then
  echo; echo "== GStreamer cold registry build ($gst_count plugins) =="
  hf gst-cold --warmup 0 --runs "$scan_runs" --prepare "rm -f $work/gst-cold.bin" \
    -n "gst-inspect-1.0, empty registry" "env GST_REGISTRY=$work/gst-cold.bin gst-inspect-1.0"
fi

# ------------------------------------------------------------------------------------------------------------------
# 5. Summary.
# ------------------------------------------------------------------------------------------------------------------

# mean and standard deviation in ms of command $2 (0-based) of export $1
mean() { jq -r ".results[$2].mean * 1000" "$results/$1.json"; }
sd() { jq -r "(.results[$2].stddev // 0) * 1000" "$results/$1.json"; }
median() { jq -r ".results[$2].median * 1000" "$results/$1.json"; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
ms() { awk -v a="$1" 'BEGIN { printf "%.2f", a }'; }
per() { awk -v a="$1" -v n="$2" 'BEGIN { printf "%.2f", a / n }'; } # $1 / $2, 2 decimals

env_ms=$(awk -v a="$(mean env-overhead 1)" -v b="$(mean env-overhead 0)" 'BEGIN { printf "%.3f", a - b }')
net() { awk -v a="$1" -v b="$2" -v o="$env_ms" 'BEGIN { printf "%.2f", (a - o) / (b - o) }'; }

echo
echo "== summary (means in ms, ± standard deviation; ratios of means from the same hyperfine run) =="
printf '%-40s %18s %18s %18s %10s %10s\n' "measurement" "stagehand" "gst-inspect-1.0" "bundled only" "/ gst" "/ bundled"
for n in $sizes; do
  s=$(mean "list-$n" 0)
  if ((have_gst)); then g=$(mean "list-$n" 1); b=$(mean "list-$n" 2); gcol="$(ms "$g") ± $(ms "$(sd "list-$n" 1)")"
  else g=; b=$(mean "list-$n" 1); gcol=-; fi
  printf '%-40s %18s %18s %18s %10s %10s\n' "list, $n plugins" "$(ms "$s") ± $(ms "$(sd "list-$n" 0)")" "$gcol" \
    "$(ms "$b") ± $(ms "$(sd "list-$n" $((have_gst ? 2 : 1)))")" "$([[ -n $g ]] && ratio "$s" "$g" || echo -)" \
    "$(ratio "$s" "$b")"
done
for command in info preview; do
  b=$(mean "$command-$max" 2)
  for k in 0 1; do
    label="$command push"; if ((k == 1)); then label="$command $slide"; fi
    s=$(mean "$command-$max" $k)
    printf '%-40s %18s %18s %18s %10s %10s\n' "$label, $max plugins" "$(ms "$s") ± $(ms "$(sd "$command-$max" $k)")" \
      - "$(ms "$b") ± $(ms "$(sd "$command-$max" 2)")" - "$(ratio "$s" "$b")"
  done
done
# Medians resist the outliers of a shared machine better than means.
printf 'ratios of medians:'
if ((have_gst)); then printf ' list %s / gst-inspect-1.0 = %s;' "$max" "$(ratio "$(median "list-$max" 0)" "$(median "list-$max" 1)")"; fi
for command in info preview; do
  printf ' %s push / bundled = %s, %s %s / bundled = %s;' "$command" \
    "$(ratio "$(median "$command-$max" 0)" "$(median "$command-$max" 2)")" "$command" "$slide" \
    "$(ratio "$(median "$command-$max" 1)" "$(median "$command-$max" 2)")"
done
echo
echo
if ((have_time)); then
  echo "max RSS, stagehand list with $max plugins: $rss_list KiB ($(per "$rss_list" 1024) MiB; target <= 30 MB)"
  echo "max RSS, stagehand list bundled only:      $rss_bundled KiB;  gst-inspect-1.0: $rss_gst KiB"
fi
scan_mean=$(mean "scan-$max" 0)
echo "first scan of $max new libraries:  $first_scan_ms ms = $(per "$first_scan_ms" "$max") ms per library"
echo "cold scan, mean of $scan_runs runs:    $(ms "$scan_mean") ± $(ms "$(sd "scan-$max" 0)") ms =" \
  "$(per "$scan_mean" "$max") ms per library ($max generated + $bundled_count bundled libraries, divided by $max)"
if ((have_gst)); then
  gc=$(mean gst-cold 0); gw=$(mean "list-$max" 1)
  echo "GStreamer cold registry build:    $(ms "$gc") ± $(ms "$(sd gst-cold 0)") ms for $gst_count plugins =" \
    "$(per "$gc" "$gst_count") ms per plugin; net of a warm run ($(ms "$gw") ms):" \
    "$(per "$(awk -v a="$gc" -v b="$gw" 'BEGIN { print a - b }')" "$gst_count") ms per plugin"
  echo "target: list with $max plugins <= 1.5x gst-inspect-1.0 (stretch 1x): $(ratio "$(mean "list-$max" 0)" "$gw")x;" \
    "net of the env wrapper ($env_ms ms): $(net "$(mean "list-$max" 0)" "$gw")x"
  for n in $sizes; do
    echo "  net of the env wrapper: list $n plugins / gst-inspect-1.0 =" \
      "$(net "$(mean "list-$n" 0)" "$(mean "list-$n" 1)")x;" \
      "/ bundled only = $(net "$(mean "list-$n" 0)" "$(mean "list-$n" 2)")x"
  done
fi
if [[ $instructions_max != - && -n $instructions_max && -n $instructions_bundled ]]; then
  echo "instructions: info push with $max plugins $instructions_max, bundled only $instructions_bundled:" \
    "$(ratio "$instructions_max" "$instructions_bundled")x, $(( (instructions_max - instructions_bundled) / max )) per library"
fi
echo "env wrapper: $env_ms ms (env X=1 true minus true)"
echo "hyperfine exports: $results"
