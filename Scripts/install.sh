#!/usr/bin/env bash
# install.sh: installs Stagehand under a prefix, for users and for plugin authors.
#
# Usage:   PREFIX=/usr/local Scripts/install.sh            (builds in release first)
#          PREFIX=$HOME/.local Scripts/install.sh --from .build/debug    (installs what is built there)
#
# It puts:
#   PREFIX/bin/stagehand                              the command
#   PREFIX/libexec/stagehand/stagehand-scanner        the child it starts to scan and check libraries
#   PREFIX/lib/stagehand/plugins/libStagehand*.so     the bundled plugins (found by PREFIX/bin/stagehand)
#   PREFIX/lib/stagehand/libStagehandFrei0r*.so       the frei0r core and module (`stagehand frei0r` copies it)
#   PREFIX/lib/frei0r-1/stagehand-*.so                a frei0r mixer2 module per bundled style, for MLT (melt,
#                                                     Kdenlive, Shotcut) and GStreamer, with stagehand-frei0r.conf
#   PREFIX/include/stagehand/stagehand_plugin.h       the plugin ABI, the whole spec
#   PREFIX/lib/pkgconfig/stagehand-plugin.pc          so that `pkg-config --cflags stagehand-plugin` finds the header
#   PREFIX/share/man/man1/stagehand.1                 the manual, generated from the commands (man stagehand)
#   PREFIX/share/bash-completion/completions/stagehand, PREFIX/share/zsh/site-functions/_stagehand and
#   PREFIX/share/fish/vendor_completions.d/stagehand.fish: completions of commands, options, style, preset and
#                                                     parameter names, and files
#
# The executables link the Swift standard library statically; the bundled Swift plugins use the Swift runtime of the
# toolchain they were built with (its path is in their RPATH), so keep that toolchain installed.
set -euo pipefail

prefix=${PREFIX:-/usr/local}
from=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --from) from=$2; shift 2 ;;
    --prefix) prefix=$2; shift 2 ;;
    -h | --help) sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "install.sh: unknown argument '$1'; see --help" >&2; exit 64 ;;
  esac
done
[[ $prefix == /* ]] || { echo "install.sh: PREFIX must be an absolute path, not '$prefix'" >&2; exit 64; }

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
if [[ -z $from ]]; then
  (cd "$root" && swift build -c release)
  from=$root/.build/release
fi
[[ -x $from/stagehand && -x $from/stagehand-scanner ]] ||
  { echo "install.sh: no stagehand and stagehand-scanner in $from; build first (swift build)" >&2; exit 1; }
plugins=()
for library in "$from"/libStagehand*.so; do
  [[ $library == */libStagehandFrei0r.so || $library == */libStagehandFrei0rModule.so ]] || plugins+=("$library")
done
[[ ${#plugins[@]} -gt 0 && -e ${plugins[0]} ]] ||
  { echo "install.sh: no bundled plugin (libStagehand*.so) in $from" >&2; exit 1; }
frei0r=("$from/libStagehandFrei0r.so" "$from/libStagehandFrei0rModule.so")
[[ -e ${frei0r[0]} && -e ${frei0r[1]} ]] ||
  { echo "install.sh: no frei0r core and module (libStagehandFrei0r.so, libStagehandFrei0rModule.so) in $from" >&2
    exit 1; }

install -d "$prefix/bin" "$prefix/libexec/stagehand" "$prefix/lib/stagehand/plugins" "$prefix/include/stagehand" \
  "$prefix/lib/pkgconfig"
install -m 755 "$from/stagehand" "$prefix/bin/stagehand"
install -m 755 "$from/stagehand-scanner" "$prefix/libexec/stagehand/stagehand-scanner"
install -m 644 "${plugins[@]}" "$prefix/lib/stagehand/plugins/"
install -m 644 "${frei0r[@]}" "$prefix/lib/stagehand/"
install -m 644 "$root/Sources/CStagehandPlugin/include/stagehand_plugin.h" "$prefix/include/stagehand/"

abi_major=$(sed -n 's/^#define SH_ABI_MAJOR \([0-9]*\).*/\1/p' "$root/Sources/CStagehandPlugin/include/stagehand_plugin.h")
abi_minor=$(sed -n 's/^#define SH_ABI_MINOR \([0-9]*\).*/\1/p' "$root/Sources/CStagehandPlugin/include/stagehand_plugin.h")
cat > "$prefix/lib/pkgconfig/stagehand-plugin.pc" <<PC
# The Stagehand plugin ABI: a header only. A plugin links nothing of Stagehand.
prefix=$prefix
includedir=\${prefix}/include
libdir=\${prefix}/lib
plugindir=\${libdir}/stagehand/plugins
# A user's own plugins go to \$XDG_DATA_HOME/\${userpluginsubdir}, or ~/.local/share/\${userpluginsubdir} when
# XDG_DATA_HOME is unset or not absolute: \`stagehand plugins --dirs\` prints that folder.
userpluginsubdir=stagehand/plugins

Name: stagehand-plugin
Description: The C ABI of Stagehand transition plugins (stagehand_plugin.h)
Version: $abi_major.$abi_minor
Cflags: -I\${includedir}/stagehand
PC
chmod 644 "$prefix/lib/pkgconfig/stagehand-plugin.pc"

# The manual and the completions, written by the installed command itself, so that they describe what it accepts.
share=$prefix/share
install -d "$share/man/man1" "$share/bash-completion/completions" "$share/zsh/site-functions" \
  "$share/fish/vendor_completions.d"
"$prefix/bin/stagehand" generate-manual > "$share/man/man1/stagehand.1"
"$prefix/bin/stagehand" --generate-completion-script bash > "$share/bash-completion/completions/stagehand"
"$prefix/bin/stagehand" --generate-completion-script zsh > "$share/zsh/site-functions/_stagehand"
"$prefix/bin/stagehand" --generate-completion-script fish > "$share/fish/vendor_completions.d/stagehand.fish"
chmod 644 "$share/man/man1/stagehand.1" "$share/bash-completion/completions/stagehand" \
  "$share/zsh/site-functions/_stagehand" "$share/fish/vendor_completions.d/stagehand.fish"
# The frei0r modules of the bundled styles, written by the installed command (so that their settings name the
# installed core, scanner and plugins); the plugin path of whoever installs is not theirs to keep.
env -u STAGEHAND_PLUGIN_PATH "$prefix/bin/stagehand" frei0r --bundled -o "$prefix/lib/frei0r-1" >/dev/null
echo "installed Stagehand in $prefix (the plugin ABI $abi_major.$abi_minor: pkg-config --cflags stagehand-plugin)"
echo "the manual: man -l $share/man/man1/stagehand.1 (or man stagehand, with $share/man in MANPATH);" \
  "completions for bash, zsh and fish under $share"
