#!/usr/bin/env bash
# frei0r-hosts.sh: how fast the Stagehand frei0r modules run inside the video tools that load them (MLT's melt and
# GStreamer's gst-launch-1.0), against the transitions those tools already have, in one run.
#
# Usage:   Benchmarks/frei0r-hosts.sh [PATH-TO-stagehand]
#          (default: $STAGEHAND_BIN, else ../.build/release/stagehand relative to this script; build it first with
#          `swift build -c release`: the modules it writes load the frei0r core and the plugins from next to it).
#
# What it does:
#   1. `stagehand frei0r -o DIR` writes a module per installed style into a temporary directory; FREI0R_PATH is that
#      directory and the system's frei0r directory (for xfade0r), for both hosts. A 1280x720 8-bit PGM luma map
#      whose grey grows from left to right (black at the left edge) is made for MLT's luma.
#   2. melt (profile atsc_720p_30: 1280x720, 30 fps): two colour clips of FRAMES frames mixed over all FRAMES frames
#      (`color:#c04020 out=FRAMES-1 color:#2060d0 out=FRAMES-1 -mix FRAMES -mixer ...`), the mixer's progress keyframed
#      from 0 to 1 where it has one, to `-consumer null real_time=-1 terminate_on_pause=1` (no frame dropped; melt stops at the end). Pairs:
#        frei0r.stagehand-cross-dissolve   against frei0r.xfade0r                    (target: at most 1x)
#        frei0r.stagehand-wipe (from left) against luma with the left-to-right map   (target: at most 1x)
#        frei0r.stagehand-push             against affine, B sliding in from the right (target: at most 1x)
#        frei0r.stagehand-flip, -cube      against frei0r.xfade0r                    (target: at most 1.5x)
#      and the floor: frei0r.stagehand-floor (Frei0rFloor/floor.c, compiled here), a module that only copies its first
#      input. melt converts every frei0r module's inputs to RGBA and its output back whatever the module does, so no
#      frei0r transition can be faster than the floor; floor / luma says how far MLT's own transitions start ahead.
#      wipe, luma and the floor once more with melt making its frames in RGBA (`-consumer null mlt_image_format=rgba`),
#      as when it writes PNG frames or raw RGBA to a pipe: then luma pays the conversions.
#   3. gst-launch-1.0: two videotestsrc solid colours of FRAMES buffers, RGBA 1280x720 at 30 fps, through
#      frei0r-mixer-stagehand-cross-dissolve position=0.5 against frei0r-mixer-xfade0r fader=0.5, to fakesink
#      (target: at most 1x).
#   Before timing, each command is run once with its output counted (melt to raw RGBA on standard output, gst to
#   fdsink), and the script stops unless every one gives FRAMES frames of 1280x720. A melt run that writes nothing and
#   exits 0 is tried again (twice at most): MLT 7.12's avformat consumer starts its thread before it marks itself
#   running, and on a loaded machine the thread may look first and stop at once. The timed runs use the null
#   consumer, which marks itself running first.
#   RUNS runs of each command, taking turns; median wall time and max RSS by GNU time; the ratios Stagehand / peer.
#
# Environment (all optional): STAGEHAND_BIN, RUNS (default 3), FRAMES (default 600).
# Needs: melt, gst-launch-1.0 with gst-plugins-bad's frei0r wrapper, frei0r-plugins (xfade0r), GNU time, python3
# (the luma map), a C compiler and frei0r.h (the floor). Debian: melt gstreamer1.0-tools gstreamer1.0-plugins-bad
# frei0r-plugins time python3 gcc frei0r-plugins-dev.
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
source "$here/timing.sh"
stagehand="${1:-${STAGEHAND_BIN:-$here/../.build/release/stagehand}}"
runs="${RUNS:-3}"
frames="${FRAMES:-600}"
width=1280 height=720
last=$((frames - 1))

for tool in melt gst-launch-1.0 /usr/bin/time python3 cc; do
  command -v "$tool" >/dev/null || {
    echo "frei0r-hosts.sh: $tool is missing (apt-get install melt gstreamer1.0-tools gstreamer1.0-plugins-bad frei0r-plugins time python3 gcc frei0r-plugins-dev)" >&2
    exit 1
  }
done
[ -x "$stagehand" ] || { echo "frei0r-hosts.sh: no stagehand at $stagehand; run swift build -c release" >&2; exit 1; }
system=""
for dir in /usr/lib/x86_64-linux-gnu/frei0r-1 /usr/lib/frei0r-1 /usr/local/lib/frei0r-1; do
  [ -e "$dir/xfade0r.so" ] && system="$dir" && break
done
[ -n "$system" ] || { echo "frei0r-hosts.sh: no xfade0r.so in the frei0r directories (apt-get install frei0r-plugins)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
"$stagehand" frei0r -o "$work/modules" >/dev/null
mkdir "$work/floor"
cc -O2 -shared -fPIC "$here/Frei0rFloor/floor.c" -o "$work/floor/stagehand-floor.so" || {
  echo "frei0r-hosts.sh: could not build the floor module (apt-get install gcc frei0r-plugins-dev)" >&2
  exit 1
}
export FREI0R_PATH="$work/modules:$work/floor:$system"
python3 - "$work/ramp.pgm" "$width" "$height" <<'EOF'
import sys
path, w, h = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
row = bytes(x * 255 // (w - 1) for x in range(w))
with open(path, "wb") as f:
    f.write(b"P5\n%d %d\n255\n" % (w, h) + row * h)
EOF

clips=(-profile atsc_720p_30 "color:#c04020" "out=$last" "color:#2060d0" "out=$last" -mix "$frames")
progress="0=0;$last=1"
# melt NAME MIXER-ARGUMENTS...: runs melt with the mixer to the consumer in $consumer.
melt_pair() {
  case "$1" in
    cross-dissolve | wipe | push | flip | cube | floor) mixer=(-mixer "frei0r.stagehand-$1" "position=$progress") ;;
    xfade0r) mixer=(-mixer frei0r.xfade0r "0=$progress") ;;
    luma) mixer=(-mixer luma "resource=$work/ramp.pgm") ;;
    affine) mixer=(-mixer affine "rect=0=$width/0:${width}x$height;$last=0/0:${width}x$height") ;;
  esac
  melt -quiet "${clips[@]}" "${mixer[@]}" "${consumer[@]}"
}
gst_pair() {
  # Each mixer takes its own colour model: the Stagehand modules RGBA, xfade0r BGRA (made so by videotestsrc).
  local caps element property
  case "$1" in
    gst-cross-dissolve) element=frei0r-mixer-stagehand-cross-dissolve property=position=0.5 caps=RGBA ;;
    gst-xfade0r) element=frei0r-mixer-xfade0r property=fader=0.5 caps=BGRA ;;
  esac
  caps="video/x-raw,format=$caps,width=$width,height=$height,framerate=30/1"
  gst-launch-1.0 -q videotestsrc pattern=solid-color foreground-color=0xffc04020 num-buffers="$frames" ! "$caps" \
    ! mix.sink_0 videotestsrc pattern=solid-color foreground-color=0xff2060d0 num-buffers="$frames" ! "$caps" \
    ! mix.sink_1 "$element" name=mix "$property" ! "${sink[@]}"
}

# Checks first: every command gives FRAMES frames of 1280x720 (raw RGBA or BGRA counted on standard output).
expected=$((frames * width * height * 4))
for name in cross-dissolve xfade0r wipe luma floor push affine flip cube; do
  consumer=(-consumer avformat:pipe:1 f=rawvideo pix_fmt=rgba real_time=-1 terminate_on_pause=1)
  for attempt in 1 2 3; do
    bytes=$({ melt_pair "$name" 2>"$work/melt.err" || true; } | wc -c)
    [ "$bytes" -eq 0 ] || break
  done
  [ "$bytes" -eq "$expected" ] || { cat "$work/melt.err" >&2; echo "frei0r-hosts.sh: melt with $name wrote $bytes bytes, not $expected" >&2; exit 1; }
done
for name in gst-cross-dissolve gst-xfade0r; do
  sink=(fdsink fd=1)
  bytes=$({ gst_pair "$name" 2>"$work/gst.err" || true; } | wc -c)
  [ "$bytes" -eq "$expected" ] || { cat "$work/gst.err" >&2; echo "frei0r-hosts.sh: gst-launch-1.0 with $name wrote $bytes bytes, not $expected" >&2; exit 1; }
done

names=(cross-dissolve xfade0r wipe luma floor push affine flip cube wipe@rgba luma@rgba floor@rgba gst-cross-dissolve
  gst-xfade0r)
declare -A times rss
for ((run = 0; run < runs; run++)); do
  for name in "${names[@]}"; do
    case "$name" in
      gst-*) command="sink=(fakesink sync=false); gst_pair $name" ;;
      *@rgba)
        command="consumer=(-consumer null mlt_image_format=rgba real_time=-1 terminate_on_pause=1)"
        command+="; melt_pair ${name%@rgba}"
        ;;
      *) command="consumer=(-consumer null real_time=-1 terminate_on_pause=1); melt_pair $name" ;;
    esac
    timed "$name" "$(declare -f melt_pair gst_pair); $(declare -p clips progress work width height last frames); $command"
  done
done

declare -A median_of
printf '%-34s %8s %8s %9s\n' "command (median of $runs, $frames frames)" "time s" "fps" "max RSS"
for name in "${names[@]}"; do
  t="$(echo "${times[$name]}" | median)"
  median_of[$name]=$t
  label="melt $name"
  case "$name" in
    cross-dissolve | wipe | push | flip | cube) label="melt frei0r.stagehand-$name" ;;
    xfade0r) label="melt frei0r.xfade0r" ;;
    floor) label="melt floor (copies input 1)" ;;
    wipe@rgba) label="melt stagehand-wipe, RGBA frames" ;;
    luma@rgba) label="melt luma, RGBA frames" ;;
    floor@rgba) label="melt floor, RGBA frames" ;;
    gst-cross-dissolve) label="gst stagehand-cross-dissolve" ;;
    gst-xfade0r) label="gst xfade0r" ;;
  esac
  printf '%-34s %8s %8s %6d MB\n' "$label" "$t" "$(awk -v t="$t" -v n="$frames" 'BEGIN { printf "%.0f", n / t }')" \
    $((rss[$name] / 1024))
done
ratio() { awk -v a="${median_of[$1]}" -v b="${median_of[$2]}" 'BEGIN { printf "%.2fx", a / b }'; }
echo
echo "time of Stagehand / time of its peer:"
echo "melt cross-dissolve / xfade0r:     $(ratio cross-dissolve xfade0r)   (target at most 1x)"
echo "melt wipe / luma (left to right):  $(ratio wipe luma)   (target at most 1x)"
echo "  floor / luma:                    $(ratio floor luma)   (no frei0r module can be below this)"
echo "  wipe / floor:                    $(ratio wipe floor)"
echo "  frames in RGBA:   wipe / luma    $(ratio wipe@rgba luma@rgba), floor / luma $(ratio floor@rgba luma@rgba)"
echo "melt push / affine (B slides in):  $(ratio push affine)   (target at most 1x)"
echo "melt flip / xfade0r:               $(ratio flip xfade0r)   (target at most 1.5x)"
echo "melt cube / xfade0r:               $(ratio cube xfade0r)   (target at most 1.5x)"
echo "gst cross-dissolve / xfade0r:      $(ratio gst-cross-dissolve gst-xfade0r)   (target at most 1x)"
