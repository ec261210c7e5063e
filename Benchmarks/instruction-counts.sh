#!/usr/bin/env bash
# Counts instructions per operation with callgrind: a push forward + inverse build in this process (dlopen + libffi)
# and through a direct call of the same builder, with their ratio; the same builds through the registry, whose plugin
# process is not traced (so its figure is what the host spends on a build: request, answer, replay and checks); and
# one sample(at:) of push and of flip.
# Start-up cancels out: each operation runs LOW and HIGH times and the difference is divided by HIGH - LOW.
set -euo pipefail
cd "$(dirname "$0")"
command -v valgrind >/dev/null || { echo "valgrind is needed (apt-get install valgrind)" >&2; exit 1; }
(cd .. && swift build -c release >/dev/null)
swift build -c release --package-path InstructionCounts >/dev/null
binary=InstructionCounts/.build/release/InstructionCounts
count() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$binary" "$1" "$2" 2>&1 |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
per_operation() {
  local low high
  low=$(count "$1" "$2")
  high=$(count "$1" "$3")
  echo $(( (high - low) / ($3 - $2) ))
}
inprocess=$(per_operation in-process 200 1200)
direct=$(per_operation direct 200 1200)
registry=$(per_operation registry 200 1200)
echo "push forward + inverse, in process (dlopen + libffi): $inprocess instructions"
echo "push forward + inverse, direct call:                  $direct instructions"
awk -v r="$inprocess" -v d="$direct" 'BEGIN { printf "ratio in process / direct: %.3f (target <= 1.25)\n", r / d }'
echo "push forward + inverse, registry, the host's part:    $registry instructions"
awk -v r="$registry" -v d="$inprocess" 'BEGIN { printf "ratio registry (host) / in process: %.3f\n", r / d }'
echo "push sample(at:), 3 layers: $(per_operation sample-push 10000 110000) instructions"
echo "flip sample(at:), 3 layers: $(per_operation sample-flip 10000 110000) instructions"
