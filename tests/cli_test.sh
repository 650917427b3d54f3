#!/usr/bin/env bash
# The sternhalma program: outputs and exit codes of the position commands.
set -u
exe="$1"
fail=0 pass=0
check() {  # check <name> <expected> <actual>
  if [ "$2" == "$3" ]; then pass=$((pass + 1)); else
    fail=$((fail + 1)); printf 'FAIL %s\n  expected: %s\n  actual:   %s\n' "$1" "$2" "$3"; fi
}
check "perft classic-2 3" "4648" "$("$exe" perft classic-2 3 | tail -n 1)"
check "perft of a position line" "14" \
  "$("$exe" perft "classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0" 1)"
check "perft, position as several arguments" "196" \
  "$("$exe" perft classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0 2)"
check "perft on a custom table" "4760" "$("$exe" perft classic-2 --set 'zones=free;goal-lock=no' 3)"
check "divide lines" "14" "$("$exe" divide classic-2 2 | wc -l | tr -d ' ')"
check "divide first line" "k3-i5 14" "$("$exe" divide classic-2 2 | head -n 1)"
check "moves, sorted by (from, to)" "k3-i5 k3-k5 l3-j5 l3-l5 m3-k5 m3-m5 j4-i5 j4-j5 k4-j5 k4-k5 l4-k5 l4-l5 m4-l5 m4-m5" \
  "$("$exe" moves classic-2 | tr '\n' ' ' | sed 's/ $//')"
check "moves of a chain" "m1-l2 m1-m3 m1-m3-k5 m2-l2 m2-l3 m2-m3 l4-l3 l4-m3 l4-k4 l4-m4 l4-k5 l4-l5" \
  "$("$exe" moves classic-2 W W:m1,m2,l4 K:e17 0 | tr '\n' ' ' | sed 's/ $//')"
check "show ends with the position" "classic-2 W W:m1,m2,l4 K:e17 0" \
  "$("$exe" show classic-2 W W:m1,m2,l4 K:e17 0 | tail -n 1)"
"$exe" perft nonsense 3 >/dev/null 2>&1; check "unknown preset exits 2" "2" "$?"
"$exe" perft classic-2 x >/dev/null 2>&1; check "bad depth exits 2" "2" "$?"
"$exe" frobnicate >/dev/null 2>&1; check "unknown command exits 2" "2" "$?"
"$exe" >/dev/null 2>&1; check "no command exits 2" "2" "$?"
check "error names the field" "sternhalma: position field 4 'K:zz9': unknown cell 'zz9'" \
  "$("$exe" moves classic-2 W W:m1 K:zz9 0 2>&1 | head -n 1)"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
