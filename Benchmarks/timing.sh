# Helpers shared by the benchmark scripts, which source this file (it is not run on its own).

# median: the median of the numbers read from standard input (separated by spaces or new lines).
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

# timed KEY SCRIPT: runs SCRIPT with bash under GNU time, its output thrown away; appends its seconds to times[KEY]
# and keeps the largest resident set seen for KEY, in KB, in rss[KEY] (arrays the caller declares).
timed() {
  local out kb
  out="$(/usr/bin/time -f '%e %M' bash -c "$2" 2>&1 >/dev/null | tail -n 1)"
  times[$1]+="${out% *} "
  kb="${out#* }"
  [ "${rss[$1]:-0}" -ge "$kb" ] || rss[$1]=$kb
}
