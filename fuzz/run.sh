#!/usr/bin/env bash
# Builds the fuzz targets with cargo-afl (stable toolchain) and runs each for
# SECONDS under nice -n 19 and a timeout, one at a time; prints AFL++'s
# execution count and crashes per target. Usage: fuzz/run.sh SECONDS [TARGET...]
# With EXECS=N in the environment a target also stops after N executions
# (AFL++'s -E), e.g. EXECS=10000000 fuzz/run.sh 3600 tree.
# Needs `cargo install cargo-afl` (which builds AFL++ from its bundled source).
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:?usage: fuzz/run.sh SECONDS [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(tree fen san pgn epd uci model checkpoint)
nice -n 19 cargo afl build --release
for t in "${targets[@]}"; do
    mkdir -p out
    rm -rf "out/$t"
    # -V: stop after SECONDS; the outer timeout bounds a hung AFL++ too.
    AFL_NO_UI=1 AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 \
        timeout $((seconds + 120)) nice -n 19 \
        cargo afl fuzz -i "corpus/$t" -o "out/$t" -V "$seconds" ${EXECS:+-E "$EXECS"} "target/release/$t" >"out/$t.log" 2>&1 || true
    stats="out/$t/default/fuzzer_stats"
    if [ -f "$stats" ]; then
        execs=$(awk -F' *: *' '$1=="execs_done"{print $2}' "$stats")
        crashes=$(awk -F' *: *' '$1=="saved_crashes"{print $2}' "$stats")
        hangs=$(awk -F' *: *' '$1=="saved_hangs"{print $2}' "$stats")
        rate=$(awk -F' *: *' '$1=="execs_per_sec"{print $2}' "$stats")
        start=$(awk -F' *: *' '$1=="start_time"{print $2}' "$stats")
        last=$(awk -F' *: *' '$1=="last_update"{print $2}' "$stats")
        echo "$t: $execs executions in $((last - start)) s ($rate/s at the end), $crashes crashes, $hangs hangs ($(date -u +%FT%TZ))"
    else
        echo "$t: no statistics (see fuzz/out/$t.log)"
    fi
done
