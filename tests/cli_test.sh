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
out=$("$exe" help); rc=$?
check "help as a command: usage on stdout, exit 0" "usage: sternhalma <command> [arguments]|0" "${out%%$'\n'*}|$rc"
err_file=$(mktemp)
out=$("$exe" play --help 2>"$err_file"); rc=$?
check "help as an argument of a command: usage on stdout, exit 0, nothing on stderr" \
  "usage: sternhalma <command> [arguments]|0|" "${out%%$'\n'*}|$rc|$(cat "$err_file")"
out=$("$exe" replay -h); rc=$?
check "-h too" "usage: sternhalma <command> [arguments]|0" "${out%%$'\n'*}|$rc"
rm -f "$err_file"
check "a command's bad argument: the reason, that command's usage, where the rest is" \
  "sternhalma: position field 3 'W:m1,m1': cell m1 used twice|usage: sternhalma perft <preset|position> <depth>   count move sequences (--threads N)|(sternhalma help: every command and --set)|2" \
  "$("$exe" perft "classic-2 W W:m1,m1 K:e17 0" 1 2>&1 >/dev/null | paste -sd '|')|$("$exe" perft "classic-2 W W:m1,m1 K:e17 0" 1 >/dev/null 2>&1; echo $?)"
check "an unknown command: every command's usage" "9" "$("$exe" frob 2>&1 | grep -c '^  sternhalma ')"
check "perft of a position line" "14" \
  "$("$exe" perft "classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0" 1)"
check "perft, position as several arguments" "196" \
  "$("$exe" perft classic-2 W W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K:e14,f14,g14,h14,e15,f15,g15,e16,f16,e17 0 2)"
check "perft on a custom table" "4760" "$("$exe" perft classic-2 --set "id=free-2;zones=free;goal-lock=no" 3)"
check "a custom table's position line takes its id" "free-2 W W:m1,m2,l4 K:e17 0" \
  "$("$exe" show classic-2 W W:m1,m2,l4 K:e17 0 --set "id=free-2;zones=free" | tail -n 1)"
check "a custom table without an id gets the derived one (the same table as free-2)" "4760" \
  "$("$exe" perft classic-2 --set 'zones=free;goal-lock=no' 3 2>&1 | head -n 1)"
check "its positions carry the derived id" "1" \
  "$("$exe" show classic-2 --set 'zones=free;goal-lock=no' | tail -n 1 | grep -cE '^classic-2\+[0-9a-f]{8} W ')"
check "nor take one" \
  "sternhalma: rules.id: 'table-2' is a preset's id, but option zones differs from the preset's: a custom table needs an id of its own (set id)" \
  "$("$exe" perft classic-2 --set 'id=table-2' 3 2>&1 | head -n 1)"
check "teams on two seats" "sternhalma: rules.teams: 2 seats make one team; teams need four or six seats" \
  "$("$exe" perft classic-2 --set 'id=t2;teams=yes' 1 2>&1 | head -n 1)"
check "a description cannot carry terminal escapes" \
  "sternhalma: setting 2: option description: 'a\x1b[2J' has '\x1b': a description is up to 200 bytes of text without ';' or control characters" \
  "$("$exe" perft classic-2 --set $'id=x;description=a\e[2J' 1 2>&1 | head -n 1)"
check "divide of a seat that must pass: its pass, counted as perft counts it" "pass 14|14" \
  "$("$exe" divide classic-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K: 0 2 | paste -sd'|')|$("$exe" perft classic-2 K W:m1,l2,m2,k3,l3,m3,j4,k4,l4,m4 K: 0 2)"
out=$("$exe" divide classic-2 0 2>&1); rc=$?
check "divide 0 exits 2, as the C ABI's range error" "2" "$rc"
check "divide 0 says why" "sternhalma: divide: depth 0 is not in 1..32 (divide splits by the first move, so it needs one ply)" \
  "$(echo "$out" | head -n 1)"
check "perft 0 is the empty sequence" "1" "$("$exe" perft classic-2 0)"
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
check "perft on two threads" "110224" "$("$exe" perft --threads 2 classic-2 4)"
"$exe" perft --threads 0 classic-2 3 >/dev/null 2>&1; check "--threads 0 exits 2" "2" "$?"
# An option given twice is a mistake to show, not one for the last to win.
out=$("$exe" perft --threads 2 classic-2 3 --threads 1 2>&1); rc=$?
check "perft --threads twice exits 2 and says so" "2|sternhalma: perft: --threads is given twice" "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" play --seed 1 --quiet --seed 2 2>&1); rc=$?
check "play --seed twice" "2|sternhalma: play: --seed is given twice" "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" match --preset classic-2 --players easy,easy --json --json 2>&1); rc=$?
check "match --json twice" "2|sternhalma: match: --json is given twice" "$rc|$(echo "$out" | head -n 1)"
"$exe" frobnicate >/dev/null 2>&1; check "unknown command exits 2" "2" "$?"
"$exe" >/dev/null 2>&1; check "no command exits 2" "2" "$?"
check "error names the field" "sternhalma: position field 4 'K:zz9': unknown cell 'zz9'" \
  "$("$exe" moves classic-2 W W:m1 K:zz9 0 2>&1 | head -n 1)"
# match: node budgets make the games the same on any machine and
# any number of threads; the summary's format, text and JSON.
tmp=$(mktemp -d)
"$exe" match --preset classic-2 --players expert,normal --games 2 --seed 3 --budget-nodes 400 \
  --threads 2 --record "$tmp/a" >"$tmp/text" 2>"$tmp/progress"
check "match exits 0" "0" "$?"
check "match header" "match classic-2: 2 games, seed 3, 400 nodes/move, concurrency 2" "$(head -n 1 "$tmp/text")"
check "match columns" "# player wins draws losses score 95% interval ms/move" \
  "$(sed -n 2p "$tmp/text" | tr -s ' ')"
check "match player lines" "1 expert|2 normal" \
  "$(sed -n '3,4p' "$tmp/text" | awk '{print $1, $2}' | paste -sd'|')"
check "match: wins + draws + losses = games, scores sum to 100 %" "2 2 100" \
  "$(sed -n '3,4p' "$tmp/text" | tr -d '%' | awk '{g[NR]=$3+$4+$5; s+=$6} END {print g[1], g[2], s}')"
check "match elo line" "yes" \
  "$(tail -n 1 "$tmp/text" | grep -qE '^elo expert against the others: [+-][0-9]+ \(95% interval [+-][0-9]+ to [+-][0-9]+\)$' && echo yes)"
check "match progress, one line per game when not a terminal" "game 1/2: expert" \
  "$(head -n 1 "$tmp/progress" | cut -d, -f1 | sed 's/ [0-9]*$//')"
check "match records every game" "game-0001.txt game-0002.txt" "$(ls "$tmp/a" | paste -sd' ')"
"$exe" replay "$tmp/a/game-0001.txt" >/dev/null; check "a match record replays" "0" "$?"
# A record that cannot be written in full (a full disk: /dev/full takes the
# open but not the bytes) is an error, found when the file is flushed.
out=$("$exe" play --preset classic-2 --quiet --record /dev/full 2>&1 >/dev/null); rc=$?
check "play: a record on a full disk exits 1" "1" "$rc"
check "play: a record on a full disk says so" "sternhalma: play: cannot write '/dev/full'" "$out"
mkdir "$tmp/full" && ln -s /dev/full "$tmp/full/game-0001.txt"
out=$("$exe" match --preset classic-2 --players easy,easy --games 1 --record "$tmp/full" 2>&1 >/dev/null); rc=$?
check "match: a record on a full disk exits 1" "1" "$rc"
check "match: a record on a full disk says so" "sternhalma: match: cannot write $tmp/full/game-0001.txt" \
  "$(echo "$out" | tail -n 1)"
check "play: --record '' is refused" "sternhalma: play: --record needs a file name, not ''" \
  "$("$exe" play --preset classic-2 --quiet --record '' 2>&1 | head -n 1)"
check "match: --record '' is refused" "sternhalma: match: --record needs a directory, not ''" \
  "$("$exe" match --preset classic-2 --players easy,easy --record '' 2>&1 | head -n 1)"
"$exe" match --preset classic-2 --players expert,normal --games 2 --seed 3 --budget-nodes 400 \
  --threads 1 --record "$tmp/b" --json >"$tmp/json" 2>/dev/null
check "match: same seed and node budget, same games on 1 and 2 threads" "same" \
  "$(diff -r "$tmp/a" "$tmp/b" >/dev/null && echo same)"
check "match --json parses, with the issue's fields" "2 expert,normal True True" \
  "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
p = d["players"]
print(d["games"], ",".join(x["name"] for x in p),
      all(x["wins"] + x["draws"] + x["losses"] == d["games"] and 1 <= x["mean_place"] <= 2 for x in p),
      d["elo"]["low"] <= d["elo"]["diff"] <= d["elo"]["high"])' "$tmp/json")"
"$exe" match --preset classic-3 --players expert,hard,easy --games 3 --seed 1 --budget-nodes 200 \
  --json >"$tmp/json3" 2>/dev/null
check "match, three seats: places sum to 1+2+3 per game" "3 18" \
  "$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["games"], round(sum(x["mean_place"] for x in d["players"]) * d["games"]))' "$tmp/json3")"
check "match: a player per seat" "sternhalma: match: classic-3 has 3 seats: --players needs 3 names, got 2" \
  "$("$exe" match --preset classic-3 --players expert,hard 2>&1 | head -n 1)"
check "match: unknown level" "sternhalma: match: --players: player 2 'genius' is not a level (easy, normal, hard, expert) or an --engine" \
  "$("$exe" match --preset classic-2 --players expert,genius 2>&1 | head -n 1)"
"$exe" match --preset classic-2 --players expert,hard --games 0 >/dev/null 2>&1
check "match: --games 0 exits 2" "2" "$?"
"$exe" match --preset classic-2 --players expert,hard --budget-ms -5 >/dev/null 2>&1
check "match: a negative budget exits 2" "2" "$?"
check "match: unknown preset" "sternhalma: match: unknown preset 'classic-9' (list: sternhalma presets)" \
  "$("$exe" match --preset classic-9 --players expert,hard 2>&1 | head -n 1)"
rm -rf "$tmp"

# A custom table (--set) in play, match and replay: the same table_arg as the
# position commands, records carrying the custom id, read back with --set.
tmp=$(mktemp -d)
free="id=free-2;zones=free;goal-lock=no"
"$exe" play --preset classic-2 --set "$free" --seed 5 --level easy --quiet --record "$tmp/free.txt" >"$tmp/play"
check "play on a custom table exits 0" "0" "$?"
check "play on a custom table names it" "free-2: easy players, seed 5" "$(head -n 1 "$tmp/play")"
check "its record names its table: the preset and every option changed" \
  "[rules classic-2;id=free-2;zones=free;goal-lock=no]" "$(head -n 1 "$tmp/free.txt")"
check "its record carries the custom id" "free-2 W" "$(sed -n 2p "$tmp/free.txt" | cut -d' ' -f1-2)"
"$exe" replay "$tmp/free.txt" --preset classic-2 --set "$free" >"$tmp/replay"
check "replay --set reads it back, exit 0" "0" "$?"
check "replay --set: the places play printed" "$(grep '^place ' "$tmp/play" | paste -sd'|')" \
  "$(grep '^place ' "$tmp/replay" | paste -sd'|')"
check "--set repeats, settings adding up (FILE anywhere)" "$(cat "$tmp/replay")" \
  "$("$exe" replay --set id=free-2 --preset classic-2 --set "zones=free;goal-lock=no" "$tmp/free.txt")"
"$exe" play --set "zones=free;goal-lock=no" --seed 5 --level easy --quiet --record "$tmp/derived.txt" >"$tmp/dplay"
check "play: --set without an id derives one from the changes" "1" \
  "$(head -n 1 "$tmp/dplay" | grep -cE '^classic-2\+[0-9a-f]{8}: easy players, seed 5$')"
check "replay FILE alone reads the derived table's record" \
  "$(grep '^place ' "$tmp/dplay" | paste -sd'|')" "$("$exe" replay "$tmp/derived.txt" | grep '^place ' | paste -sd'|')"
check "play: --set without --preset changes classic-2" "free-2: easy players, seed 5" \
  "$("$exe" play --set "$free" --seed 5 --level easy --quiet | head -n 1)"
out=$("$exe" replay "$tmp/free.txt" 2>&1); rc=$?
check "replay FILE alone reads a custom table's record: its tag builds the table" \
  "0|$(grep '^place ' "$tmp/play" | paste -sd'|')" "$rc|$(printf '%s\n' "$out" | grep '^place ' | paste -sd'|')"
sed 1d "$tmp/free.txt" >"$tmp/untagged.txt"
out=$("$exe" replay "$tmp/untagged.txt" 2>&1); rc=$?
check "replay without the tag or --set: a custom id is no preset's" \
  "1|sternhalma: replay: '$tmp/untagged.txt': record token 1 'free-2': unknown preset id" "$rc|$out"
out=$("$exe" replay "$tmp/free.txt" --preset classic-2 --set "id=other-2;zones=free;goal-lock=no" 2>&1); rc=$?
check "replay: a record of another table says so, naming the table given" \
  "1|sternhalma: replay: '$tmp/free.txt': record: its tag names another table than the one given ('[rules classic-2;id=other-2;zones=free;goal-lock=no]')" "$rc|$out"
out=$("$exe" replay "$tmp/untagged.txt" --preset classic-2 --set "id=other-2;zones=free;goal-lock=no" 2>&1); rc=$?
check "replay: an untagged record of another table names both ids" \
  "1|sternhalma: replay: '$tmp/untagged.txt': record token 1 'free-2': expected the table id 'other-2'" "$rc|$out"
"$exe" play --preset classic-2 --seed 5 --level easy --quiet --record "$tmp/classic.txt" >/dev/null
check "replay --preset alone: that preset's records read as without it" \
  "$("$exe" replay "$tmp/classic.txt")" "$("$exe" replay "$tmp/classic.txt" --preset classic-2)"
out=$("$exe" replay "$tmp/classic.txt" --preset classic-3 2>&1); rc=$?
check "replay --preset alone: another preset's record is refused" \
  "1|sternhalma: replay: '$tmp/classic.txt': record token 1 'classic-2': expected the table id 'classic-3'" "$rc|$out"
out=$("$exe" replay "$tmp/free.txt" --set "$free" 2>&1); rc=$?
check "replay: --set needs --preset" "2|sternhalma: replay: --set needs --preset ID, the table it changes" \
  "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" replay "$tmp/free.txt" --preset classic-2 --preset classic-2 2>&1); rc=$?
check "replay: --preset twice" "2|sternhalma: replay: --preset is given twice" "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" replay "$tmp/free.txt" --rules classic-2 2>&1); rc=$?
check "replay: an unknown option" \
  "2|sternhalma: replay: unknown argument '--rules' (options: --preset ID --set \"id=NAME;name=value;...\")" \
  "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" replay "$tmp/free.txt" --preset classic-9 --set "$free" 2>&1); rc=$?
check "replay: an unknown preset" "2|sternhalma: replay: unknown preset 'classic-9' (list: sternhalma presets)" \
  "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" play --set "id=x-2;jumps=frog" --quiet 2>&1); rc=$?
check "play: an unknown option value" \
  "2|sternhalma: play: setting 2: option jumps: 'frog' is not one of standard, long, king" "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" replay "$tmp/free.txt" --preset classic-2 --set "id=free-2;zones=nowhere" 2>&1); rc=$?
check "replay: an unknown option value" \
  "2|sternhalma: replay: setting 2: option zones: 'nowhere' is not one of free, closed, no-entry" \
  "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" replay "$tmp/classic.txt" --preset classic-2 --set "zones=free" 2>&1); rc=$?
check "replay: a preset's record is not of the changed table (its derived id)" "1|1" \
  "$rc|$(echo "$out" | head -n 1 | grep -cE "record token 1 'classic-2': expected the table id 'classic-2\+[0-9a-f]{8}'$")"
"$exe" match --preset classic-2 --set "$free" --players easy,normal --games 1 --seed 2 --budget-nodes 100 \
  --record "$tmp/m" >"$tmp/mtext" 2>"$tmp/mprogress"
check "match on a custom table exits 0" "0" "$?"
check "match on a custom table: its header" "match free-2: 1 games, seed 2, 100 nodes/move, concurrency 1" \
  "$(head -n 1 "$tmp/mtext")"
check "match on a custom table: its record" "free-2 W" "$(sed -n 2p "$tmp/m/game-0001.txt" | cut -d' ' -f1-2)"
# Game 1 seats player 1 (easy) on W and player 2 (normal) on K.
check "match record replays with --set to the places the match counted" \
  "$(sed -n 's/^game 1\/1: easy \([0-9]\), normal \([0-9]\)$/place \1 W|place \2 K/p' "$tmp/mprogress" | tr '|' '\n' | sort | paste -sd'|')" \
  "$("$exe" replay "$tmp/m/game-0001.txt" --preset classic-2 --set "$free" | grep '^place ' | paste -sd'|')"
out=$("$exe" match --preset classic-2 --set "zones=free" --players easy,easy --games 1 --budget-nodes 100 2>/dev/null); rc=$?
check "match: a changed table without an id plays under the derived one" "0|1" \
  "$rc|$(echo "$out" | head -n 1 | grep -cE '^match classic-2\+[0-9a-f]{8}: 1 games')"
out=$("$exe" match --preset classic-2 --set "id=wrk-3;seats=WRK" --players easy,easy 2>&1); rc=$?
check "match: a player per seat of the custom table" \
  "2|sternhalma: match: wrk-3 has 3 seats: --players needs 3 names, got 2" "$rc|$(echo "$out" | head -n 1)"
out=$("$exe" match --preset classic-2 --set "id=m-2" --set "marbles=12" --players easy,easy 2>&1); rc=$?
check "match: an unknown option value, --set repeated" \
  "2|sternhalma: match: setting 2: option marbles: '12' is not one of 10, 15" "$rc|$(echo "$out" | head -n 1)"
rm -rf "$tmp"

# Hostile input: every refusal a clear error, nothing crashes. Files and stdin can carry what argv cannot.
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
out=$("$exe" perft classic-2 2 2>&1 >/dev/full); rc=$?
check "perft > /dev/full exits 1" "1" "$rc"
check "perft > /dev/full says why" "sternhalma: cannot write the output: No space left on device" "$out"
# The 1 GB address-space limit shows that reading stops at the ceiling; an
# AddressSanitizer build reserves terabytes of shadow memory at start and
# cannot run under any such limit, so there the same calls run unlimited.
limit_vm() { if ldd "$exe" 2>/dev/null | grep -q libasan; then "$@"; else (ulimit -v 1000000; "$@"); fi; }
out=$(limit_vm "$exe" replay /dev/zero 2>&1); rc=$?
check "replay /dev/zero under a 1 GB limit exits 1" "1" "$rc"
check "replay /dev/zero names the ceiling" \
  "sternhalma: replay: '/dev/zero': record: 1048577 bytes, more than the 1048576 a record may have" "$out"
head -c 80000000 /dev/zero | tr '\0' 'a' >"$tmp/huge"
out=$(limit_vm "$exe" replay - <"$tmp/huge" 2>&1); rc=$?
check "an 80 MB record on stdin exits 1" "1" "$rc"
check "an 80 MB record names the ceiling" \
  "sternhalma: replay: standard input: record: 1048577 bytes, more than the 1048576 a record may have" "$out"
printf 'classic-2 W k3-k5\0 zz99\n' >"$tmp/nul"
out=$("$exe" replay "$tmp/nul" 2>&1); rc=$?
check "a record with a NUL exits 1" "1" "$rc"
check "a record with a NUL says where" "sternhalma: replay: '$tmp/nul': record: byte 18 is a NUL (a record is text)" "$out"
{ printf 'classic-2 W '; head -c 50000 /dev/zero | tr '\0' 'x'; printf '\033[2J\n'; } >"$tmp/long"
out=$("$exe" replay "$tmp/long" 2>&1); rc=$?
check "a 50 kB token exits 1" "1" "$rc"
check "a 50 kB token is echoed cut to 60 bytes" \
  "sternhalma: replay: '$tmp/long': record token 3 '$(printf 'x%.0s' $(seq 60))'... (50004 bytes): '$(printf 'x%.0s' $(seq 60))'... (50004 bytes): expected a path such as l2-l3 or m1-m3-k5" "$out"
printf 'classic-2 W k3-k5 \033[2Jm1\n' >"$tmp/esc"
check "terminal escapes are escaped" \
  "sternhalma: replay: '$tmp/esc': record token 4 '\x1b[2Jm1': '\x1b[2Jm1': expected a path such as l2-l3 or m1-m3-k5" \
  "$("$exe" replay "$tmp/esc" 2>&1)"
check "argv is escaped too" "sternhalma: unknown command 'frob\x1b[2J\x0a'" \
  "$("$exe" $'frob\e[2J\n' 2>&1 | head -n 1)"
check "a long position token is cut" "sternhalma: position field 1 '$(printf 'c%.0s' $(seq 60))'... (60000 bytes): unknown preset id" \
  "$("$exe" moves "$(head -c 60000 /dev/zero | tr '\0' 'c')" 2>&1 | head -n 1)"
check "a position past the parsers' ceiling is refused whole" "sternhalma: position: 100000 bytes, more than the 65536 a text may have" \
  "$("$exe" moves "$(head -c 100000 /dev/zero | tr '\0' 'c')" 2>&1 | head -n 1)"

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
