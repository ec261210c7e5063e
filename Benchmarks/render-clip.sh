#!/usr/bin/env bash
# render-clip.sh: what clips cost the pixel renderer, and whether unclipped layers cost what they did before.
#
# Usage:   Benchmarks/render-clip.sh AFTER-stagehand [BEFORE-stagehand]
#          (release builds: `swift build -c release --product stagehand --product stagehand-scanner`; each binary
#          needs its stagehand-scanner next to it. BEFORE is optional: a build of the renderer before clips were
#          drawn, which draws the same styles without their clips.)
#
# What it does:
#   1. Compiles a plugin (ABI 1.1) from the C source below with cc: `slide` (the appearing layer translated in, no
#      clip), `turn` (the appearing layer turned about a vertical axis in perspective, no clip), `wipe` (an inset clip
#      sweeping across a still layer), `iris` (an ellipse clip opening), `turn-clip` (`turn` with a rounded inset
#      rectangle and an off-centre ellipse: the turned copy of the clipped picture).
#   2. For each style and each binary: `stagehand render STYLE --size 1280x720 --fps 30 --duration 10 -o - --format
#      rgba --threads 1 > /dev/null` (300 frames, one thread, so that the figure is the drawing's), RUNS runs taking
#      turns, the median wall time.
#   3. Prints milliseconds per frame, the ratio clipped / unclipped for the same binary (wipe / slide, iris / slide,
#      turn-clip / turn), and AFTER / BEFORE for every style when BEFORE is given.
#
# Environment (optional): RUNS (default 5).
set -euo pipefail

after="${1:?usage: render-clip.sh AFTER-stagehand [BEFORE-stagehand]}"
before="${2:-}"
runs="${RUNS:-5}"
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/timing.sh"
header="$here/../Sources/CStagehandPlugin/include"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir "$work/plugins"
cat > "$work/clip.c" <<'EOF'
#include "stagehand_plugin.h"
#define TRY(call) do { int32_t s_ = (call); if (s_ != SH_OK) return s_; } while (0)
static int32_t slide(const sh_context *c, const sh_host *h, sh_builder *b) {
  TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
  TRY(h->translate(b, SH_LAYER_APPEARING, c->width, 0, 0));
  TRY(h->begin_step(b, 1, SH_CURVE_LINEAR));
  return h->translate(b, SH_LAYER_APPEARING, -c->width, 0, 0);
}
static int32_t turn_base(const sh_context *c, const sh_host *h, sh_builder *b) {
  TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
  TRY(h->change_perspective(b, 1.0 / (2 * c->width)));
  TRY(h->rotate(b, SH_LAYER_APPEARING, -1.2, 0, 1, 0));
  TRY(h->begin_step(b, 1, SH_CURVE_LINEAR));
  return h->rotate(b, SH_LAYER_APPEARING, 1.2, 0, 1, 0);
}
static int32_t turn(const sh_context *c, const sh_host *h, sh_builder *b) { return turn_base(c, h, b); }
static int32_t wipe(const sh_context *c, const sh_host *h, sh_builder *b) {
  (void)c;
  TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
  TRY(h->change_inset(b, SH_LAYER_APPEARING, 0, 1, 0, 0));
  TRY(h->begin_step(b, 1, SH_CURVE_LINEAR));
  return h->change_inset(b, SH_LAYER_APPEARING, 0, -1, 0, 0);
}
static int32_t iris(const sh_context *c, const sh_host *h, sh_builder *b) {
  (void)c;
  TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
  TRY(h->change_ellipse(b, SH_LAYER_APPEARING, 0, 0, -1, -1));
  TRY(h->begin_step(b, 1, SH_CURVE_LINEAR));
  return h->change_ellipse(b, SH_LAYER_APPEARING, 0, 0, 1, 1);
}
static int32_t turn_clip(const sh_context *c, const sh_host *h, sh_builder *b) {
  TRY(h->begin_step(b, 0, SH_CURVE_LINEAR));
  TRY(h->change_inset(b, SH_LAYER_APPEARING, 0.05, 0.05, 0.05, 0.05));
  TRY(h->change_corner_radius(b, SH_LAYER_APPEARING, 40));
  TRY(h->change_ellipse(b, SH_LAYER_APPEARING, 0.1, 0, -0.2, -0.2));
  return turn_base(c, h, b);
}
#define STYLE(n, f) { .struct_size = sizeof(sh_style), .name = n, .summary = "A benchmark style.", \
  .default_duration = 1, .builder = (sh_function)f, .flags = SH_STYLE_USES_3D }
static const sh_style styles[] = { STYLE("bench-slide", slide), STYLE("bench-turn", turn),
  STYLE("bench-wipe", wipe), STYLE("bench-iris", iris), STYLE("bench-turn-clip", turn_clip) };
static const sh_plugin plugin = { .abi_major = SH_ABI_MAJOR, .abi_minor = SH_ABI_MINOR,
  .struct_size = sizeof(sh_plugin), .id = "org.example.render-clip", .version = "1.0.0", .name = "Clip benchmark",
  .author = "Stagehand", .license = "MIT", .description = "Styles for Benchmarks/render-clip.sh.",
  .style_count = sizeof styles / sizeof styles[0], .styles = styles };
SH_EXPORT const sh_plugin *stagehand_plugin_v1(void) { return &plugin; }
EOF
cc -std=c11 -O2 -shared -fPIC -I "$header" -o "$work/plugins/libclip.so" "$work/clip.c"

styles=(bench-slide bench-wipe bench-iris bench-turn bench-turn-clip)
binaries=("$after")
[ -n "$before" ] && binaries+=("$before")

render() {
  STAGEHAND_PLUGIN_PATH="$work/plugins" XDG_CACHE_HOME="$work/cache-$2" HOME="$work" \
    "$1" render "$3" --size 1280x720 --fps 30 --duration 10 -o - --format rgba --threads 1 >/dev/null
}
# A first run of each builds the registry cache and checks that the style renders.
for b in "${!binaries[@]}"; do
  for style in "${styles[@]}"; do render "${binaries[$b]}" "$b" "$style"; done
done

declare -A times
for ((run = 0; run < runs; run++)); do
  for style in "${styles[@]}"; do
    for b in "${!binaries[@]}"; do
      start=$(date +%s%N)
      render "${binaries[$b]}" "$b" "$style"
      end=$(date +%s%N)
      times[$b,$style]+="$(((end - start) / 1000)) "
    done
  done
done

declare -A ms
printf '%-18s %14s %14s %9s\n' "style (300 frames)" "after ms/frame" "before" "after/before"
for style in "${styles[@]}"; do
  for b in "${!binaries[@]}"; do
    ms[$b,$style]="$(echo "${times[$b,$style]}" | median | awk '{ printf "%.3f", $1 / 1000 / 300 }')"
  done
  if [ -n "$before" ]; then
    printf '%-18s %14s %14s %9s\n' "$style" "${ms[0,$style]}" "${ms[1,$style]}" \
      "$(awk -v a="${ms[0,$style]}" -v b="${ms[1,$style]}" 'BEGIN { printf "%.2fx", a / b }')"
  else
    printf '%-18s %14s %14s %9s\n' "$style" "${ms[0,$style]}" "-" "-"
  fi
done
ratio() { awk -v a="${ms[0,$1]}" -v b="${ms[0,$2]}" 'BEGIN { printf "%.2fx", a / b }'; }
echo
echo "after: wipe / slide       $(ratio bench-wipe bench-slide)"
echo "after: iris / slide       $(ratio bench-iris bench-slide)"
echo "after: turn-clip / turn   $(ratio bench-turn-clip bench-turn)"
