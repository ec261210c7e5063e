#!/usr/bin/env bash
# Builds the fuzzing harnesses with libFuzzer and AddressSanitizer (with LeakSanitizer) and runs each for a bounded
# time on a copy of its corpus in Fuzz/Corpus, so that a run never grows the repository's corpus. Fails on any crash,
# leak, timeout or broken invariant, and leaves the input that caused it (crash-*, leak-*, timeout-*) and the logs in
# the work directory it names.
#
#   bash Fuzz/run.sh                  every harness: the same 100,000 inputs each (seed 1), at most 30 s each
#   bash Fuzz/run.sh FuzzManifest     one harness
#   FUZZ_SECONDS=600 bash Fuzz/run.sh a longer run by hand, with a random seed, to look for new failures
#
# Without FUZZ_SECONDS the run is reproducible: libFuzzer with a fixed seed and a fixed number of runs tries the same
# inputs on every machine (a slow one that reaches the 30 s limit tries a prefix of them), so CI fails only on a change
# of the code, not on the luck of a draw. New failures are looked for with FUZZ_SECONDS, by hand.
#
# Run a crash again with: Fuzz/.build/release/<harness> <crash file>
set -euo pipefail
cd "$(dirname "$0")"
export PATH="/opt/swift/usr/bin:$PATH"

harnesses=("$@")
[ "${#harnesses[@]}" -gt 0 ] || harnesses=(FuzzCommandLine FuzzDescriptor FuzzManifest FuzzRegistryCache FuzzImage)
if [ -n "${FUZZ_SECONDS:-}" ]; then
  limits=(-max_total_time="$FUZZ_SECONDS")
else
  limits=(-seed=1 -runs=100000 -max_total_time=30)
fi

# swiftc keeps only the last -sanitize= it is given, and SwiftPM passes --sanitize=fuzzer and --sanitize=address as
# two flags in no fixed order; -sanitize=fuzzer,address, last, gives the Swift code both (coverage and ASan). The C
# code gets both from SwiftPM's -fsanitize flags. gold's "Cannot export local symbol" warnings are left out.
echo "== fuzzing: build"
swift build -c release --sanitize=fuzzer --sanitize=address -Xswiftc -sanitize=fuzzer,address 2>&1 |
  sed '/warning: Cannot export local symbol/d'

work="$(mktemp -d "${TMPDIR:-/tmp}/stagehand-fuzz.XXXXXX")"
failed=()
for harness in "${harnesses[@]}"; do
  corpus="$work/$harness"
  mkdir -p "$corpus"
  cp Corpus/"$harness"/* "$corpus"/
  options=("${limits[@]}" -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="$work/")
  [ -f Corpus/"$harness".dict ] && options+=(-dict=Corpus/"$harness".dict)
  echo "== fuzzing: $harness (${limits[*]})"
  # LeakSanitizer is on: libFuzzer checks for leaks after an input that mallocs more than it frees. .ci/lsan.supp
  # names the leaks of the toolchain's own libraries, as in the AddressSanitizer lane of .ci/run.
  # SWIFT_BACKTRACE=enable=no: the Swift runtime's crash handler reads the crashed stack in a way AddressSanitizer
  # reports as a stack-buffer-underflow of its own, hiding the real failure; libFuzzer prints the stack instead.
  if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=1" LSAN_OPTIONS="suppressions=$PWD/../.ci/lsan.supp" \
    .build/release/"$harness" "${options[@]}" "$corpus" >"$work/$harness.log" 2>&1; then
    grep -E '^(stat::number_of_executed_units|stat::new_units_added|Done)' "$work/$harness.log" | tr '\n' ' '
    echo
  else
    tail -n 40 "$work/$harness.log"
    failed+=("$harness")
  fi
done

if [ "${#failed[@]}" -gt 0 ]; then
  echo "== fuzzing: FAILED: ${failed[*]}; the inputs and logs are in $work"
  exit 1
fi
rm -rf "$work"
echo "== fuzzing: ${#harnesses[@]} harnesses passed"
