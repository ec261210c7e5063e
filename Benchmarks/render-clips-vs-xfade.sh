#!/usr/bin/env bash
# render-clips-vs-xfade.sh: how fast `stagehand render` joins two moving pictures (Y4M clips), against FFmpeg's xfade
# filter on the same clips.
#
# Usage:   Benchmarks/render-clips-vs-xfade.sh [PATH-TO-stagehand]
#          (default: $STAGEHAND_BIN, else ../.build/release/stagehand relative to this script; build it first with
#          `swift build -c release`, which also builds the plugin libraries it loads from next to it).
#
# What it does, in one go on the same two clips:
#   1. Makes two Y4M clips of 600 frames (20 s at 30 fps) at SIZE (default 1280x720) with ffmpeg, 4:2:0 in limited
#      range: testsrc2, and smptehdbars with its hue turning (so that every frame differs), in a temporary
#      directory (about 830 MB each at 1280x720).
#   2. The job: both clips in, one transition over all 600 frames (offset 0, duration 20 s), 600 frames of raw RGBA
#      out to /dev/null, the whole command timed (reading and converting the clips, plugin loading, drawing, writing):
#        ffmpeg -v error -i A.y4m -i B.y4m -filter_complex
#          "[0][1]xfade=transition=TRANSITION:duration=20:offset=0,format=rgba" -f rawvideo -y /dev/null
#      with TRANSITION fade and slideleft, and
#        stagehand render STYLE --from A.y4m --to B.y4m --size SIZE --fps 30 --duration 20 --offset 0 -o - --format rgba
#      with STYLE cross-dissolve and fade-in (Docs/XfadeMapping.md: fade is fade-in, cross-dissolve also fades A out)
#      and push-from-right (slideleft). RUNS runs of each, the commands taking turns; the median wall time gives
#      frames per second = 600 / time. Max RSS by GNU time.
#   3. Prints the table and the ratios Stagehand / xfade (target, issue 19: at least 2x).
#
# Environment (all optional): STAGEHAND_BIN, RUNS (default 3), THREADS (--threads), SIZE (default 1280x720).
# Needs: ffmpeg and GNU time (Debian packages ffmpeg and time; only for this benchmark).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/timing.sh"
stagehand="${1:-${STAGEHAND_BIN:-$here/../.build/release/stagehand}}"
runs="${RUNS:-3}"
size="${SIZE:-1280x720}"
threads=()
[ -n "${THREADS:-}" ] && threads=(--threads "$THREADS")

for tool in ffmpeg /usr/bin/time; do
  command -v "$tool" >/dev/null || { echo "render-clips-vs-xfade.sh: $tool is missing (apt-get install ffmpeg time)" >&2; exit 1; }
done
[ -x "$stagehand" ] || { echo "render-clips-vs-xfade.sh: no stagehand at $stagehand; run swift build -c release" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
ffmpeg -v error -f lavfi -i "testsrc2=size=$size:rate=30" -frames:v 600 -pix_fmt yuv420p "$work/A.y4m"
ffmpeg -v error -f lavfi -i "smptehdbars=size=$size:rate=30" -vf "hue=H=2*PI*t/5" -frames:v 600 -pix_fmt yuv420p \
  "$work/B.y4m"

xfade() {
  ffmpeg -v error -i "$work/A.y4m" -i "$work/B.y4m" -filter_complex \
    "[0][1]xfade=transition=$1:duration=20:offset=0,format=rgba" -f rawvideo -y /dev/null
}
render() {
  "$stagehand" render "$1" --from "$work/A.y4m" --to "$work/B.y4m" --size "$size" --fps 30 --duration 20 \
    --offset 0 -o - --format rgba "${threads[@]}" >/dev/null
}

# Checks first: both sides write exactly 600 frames.
width="${size%x*}" height="${size#*x}"
bytes=$("$stagehand" render push-from-right --from "$work/A.y4m" --to "$work/B.y4m" --size "$size" --fps 30 \
  --duration 20 --offset 0 -o - --format rgba "${threads[@]}" | wc -c)
[ "$bytes" -eq $((600 * width * height * 4)) ] || { echo "render-clips-vs-xfade.sh: stagehand wrote $bytes bytes" >&2; exit 1; }
bytes=$(ffmpeg -v error -i "$work/A.y4m" -i "$work/B.y4m" -filter_complex \
  "[0][1]xfade=transition=fade:duration=20:offset=0,format=rgba" -f rawvideo - | wc -c)
[ "$bytes" -eq $((600 * width * height * 4)) ] || { echo "render-clips-vs-xfade.sh: xfade wrote $bytes bytes" >&2; exit 1; }

names=("xfade fade" "xfade slideleft" "stagehand cross-dissolve" "stagehand fade-in" "stagehand push-from-right")
commands=("xfade fade" "xfade slideleft" "render cross-dissolve" "render fade-in" "render push-from-right")
declare -A times rss
for ((run = 0; run < runs; run++)); do
  for i in "${!commands[@]}"; do
    timed "$i" "$(declare -f xfade render); work='$work'; size='$size'; stagehand='$stagehand'; threads=(${threads[*]:-}); ${commands[$i]}"
  done
done

printf '%-30s %8s %8s %9s\n' "command (median of $runs, $size)" "time s" "fps" "max RSS"
declare -A fps
for i in "${!commands[@]}"; do
  t="$(echo "${times[$i]}" | median)"
  fps[$i]="$(awk -v t="$t" 'BEGIN { printf "%.0f", 600 / t }')"
  printf '%-30s %8s %8s %6d MB\n' "${names[$i]}" "$t" "${fps[$i]}" $((rss[$i] / 1024))
done
ratio() { awk -v a="${fps[$1]}" -v b="${fps[$2]}" 'BEGIN { printf "%.2fx", a / b }'; }
echo
echo "cross-dissolve / xfade fade:      $(ratio 2 0)   (target at least 2x)"
echo "fade-in / xfade fade:             $(ratio 3 0)   (target at least 2x)"
echo "push-from-right / xfade slideleft: $(ratio 4 1)   (target at least 2x)"
