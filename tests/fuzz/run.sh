#!/bin/sh
# tests/fuzz/run.sh DIR SECONDS NAME... — runs each libFuzzer binary
# DIR/fuzz-NAME for SECONDS on out/fuzz/corpus/NAME (new inputs) seeded from
# tests/fuzz/corpus/NAME, crashes into tests/fuzz/crashes/NAME/, and prints
# how many inputs each executed. Exits 1 when any harness found a crash.
dir=$1; secs=$2; shift 2
status=0
mkdir -p out/fuzz
for name in "$@"; do
    mkdir -p "out/fuzz/corpus/$name" "tests/fuzz/crashes/$name"
    log="out/fuzz/$name.log"
    "$dir/fuzz-$name" -max_total_time="$secs" -close_fd_mask=3 -timeout=20 -rss_limit_mb=2048 \
        -artifact_prefix="tests/fuzz/crashes/$name/" \
        "out/fuzz/corpus/$name" "tests/fuzz/corpus/$name" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^Done \([0-9]*\) runs in \([0-9]*\) second.*/\1 executions in \2 s/p' "$log" | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    if [ $rc -ne 0 ]; then
        status=1
        runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#')" executions before a crash"
        echo "fuzz $name: CRASH ($runs; $cov); see $log and tests/fuzz/crashes/$name/"
    else
        echo "fuzz $name: $runs, $cov, corpus $(ls "out/fuzz/corpus/$name" | wc -l) new inputs"
    fi
done
exit $status
