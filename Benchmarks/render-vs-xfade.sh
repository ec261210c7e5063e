#!/usr/bin/env bash
# render-vs-xfade.sh: how fast `stagehand render` draws transitions over two pictures, against FFmpeg's xfade filter.
#
# Usage:   Benchmarks/render-vs-xfade.sh [PATH-TO-stagehand]
#          (default: $STAGEHAND_BIN, else ../.build/release/stagehand relative to this script; build it first with
#          `swift build -c release`, which also builds the plugin libraries it loads from next to it).
#
# What it does, in one go on the same two pictures:
#   1. Makes two 1280x720 PNG stills with ffmpeg (testsrc2 and smptehdbars, one frame each) in a temporary directory.
#   2. The job: the two stills in, 600 frames (20 s at 30 fps) of raw RGBA out to /dev/null, the whole command timed
#      (decoding, plugin loading, drawing, writing). The xfade side decodes each still once and loops it:
#        ffmpeg -v error -framerate 30 -i A.png -framerate 30 -i B.png -filter_complex
#          "[0]format=gbrp,loop=loop=-1:size=1,setpts=N/30/TB,trim=end_frame=600[a];
#           [1]format=gbrp,loop=loop=-1:size=1,setpts=N/30/TB,trim=end_frame=600[b];
#           [a][b]xfade=transition=TRANSITION:duration=20:offset=0,format=rgba" -f rawvideo -y /dev/null
#      with TRANSITION fade and slideleft; the Stagehand side:
#        stagehand render STYLE --from A.png --to B.png --size 1280x720 --fps 30 --duration 20 -o - --format rgba
#      with STYLE cross-dissolve, push (from the right, like slideleft) and flip (3D, which xfade lacks).
#      RUNS runs of each command, the five commands taking turns (so that a busy moment of a shared machine hits
#      them alike); the median wall time of each gives frames per second = 600 / time. Max RSS by GNU time.
#   3. A 0.4 s transition (push, its default duration) to an animated WebP at 640x360 (12 frames), RUNS runs, median.
#   4. Prints the table: times, frames per second, the ratios Stagehand / xfade (cross-dissolve / fade,
#      push / slideleft, flip / fade), and max RSS. The targets (issue 8): cross-dissolve at least 2x xfade fade's
#      frames per second, push at least 2x xfade slideleft, flip at least 1x xfade fade, max RSS at most 64 MB at
#      1280x720, the WebP in under a second.
#
# Environment (all optional):
#   STAGEHAND_BIN  the stagehand executable (the first argument wins over it)
#   RUNS           runs of each command, default 5
#   THREADS        --threads for stagehand (default: its own, the number of cores)
#
# Needs: ffmpeg (Debian's package ffmpeg; only for this benchmark, not for the build) and GNU time (package time).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/timing.sh"
stagehand="${1:-${STAGEHAND_BIN:-$here/../.build/release/stagehand}}"
runs="${RUNS:-5}"
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")

for tool in ffmpeg /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "render-vs-xfade.sh: $tool is missing (apt-get install ffmpeg time)" >&2; exit 1; }
done
[ -x "$stagehand" ] || { echo "render-vs-xfade.sh: no stagehand at $stagehand; run swift build -c release" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ffmpeg -v error -f lavfi -i testsrc2=size=1280x720 -frames:v 1 "$work/A.png"
ffmpeg -v error -f lavfi -i smptehdbars=size=1280x720 -frames:v 1 "$work/B.png"

xfade() {
  ffmpeg -v error -framerate 30 -i "$work/A.png" -framerate 30 -i "$work/B.png" -filter_complex \
    "[0]format=gbrp,loop=loop=-1:size=1,setpts=N/30/TB,trim=end_frame=600[a];[1]format=gbrp,loop=loop=-1:size=1,setpts=N/30/TB,trim=end_frame=600[b];[a][b]xfade=transition=$1:duration=20:offset=0,format=rgba" \
    -f rawvideo -y /dev/null
}
render() {
  "$stagehand" render "$1" --from "$work/A.png" --to "$work/B.png" --size 1280x720 --fps 30 --duration 20 \
    -o - --format rgba "${threads[@]}" >/dev/null
}
webp() {
  "$stagehand" render push --from "$work/A.png" --to "$work/B.png" --size 640x360 --fps 30 -o "$work/push.webp" \
    "${threads[@]}" >/dev/null
}

# Checks first: the Stagehand side writes exactly 600 frames of 1280x720 RGBA.
bytes=$("$stagehand" render push --from "$work/A.png" --to "$work/B.png" --size 1280x720 --fps 30 --duration 20 \
  -o - --format rgba "${threads[@]}" | wc -c)
[ "$bytes" -eq $((600 * 1280 * 720 * 4)) ] || { echo "render-vs-xfade.sh: stagehand wrote $bytes bytes" >&2; exit 1; }

names=("xfade fade" "xfade slideleft" "stagehand cross-dissolve" "stagehand push" "stagehand flip" "stagehand webp 640x360 0.4 s")
commands=("xfade fade" "xfade slideleft" "render cross-dissolve" "render push" "render flip" "webp")
declare -A times rss
for ((run = 0; run < runs; run++)); do
  for i in "${!commands[@]}"; do
    timed "$i" "$(declare -f xfade render webp); work='$work'; stagehand='$stagehand'; threads=(${threads[*]:-}); ${commands[$i]}"
  done
done

printf '%-30s %8s %8s %9s\n' "command (median of $runs)" "time s" "fps" "max RSS"
declare -A fps
for i in "${!commands[@]}"; do
  t="$(echo "${times[$i]}" | median)"
  frames=600
  [ "$i" -eq 5 ] && frames=12
  fps[$i]="$(awk -v f="$frames" -v t="$t" 'BEGIN { printf "%.0f", f / t }')"
  printf '%-30s %8s %8s %6d MB\n' "${names[$i]}" "$t" "${fps[$i]}" $((rss[$i] / 1024))
done
ratio() { awk -v a="${fps[$1]}" -v b="${fps[$2]}" 'BEGIN { printf "%.2fx", a / b }'; }
echo
echo "cross-dissolve / xfade fade:      $(ratio 2 0)   (target at least 2x)"
echo "push / xfade slideleft:           $(ratio 3 1)   (target at least 2x)"
echo "flip / xfade fade:                $(ratio 4 0)   (target at least 1x)"
