#!/bin/sh
# run.sh — `make mutate`: mutation testing of the rules engines.
#
# For each game (GAMES, else every src/eng_GAME.c but eng.c, eng_registry.c
# and the facts files) the mutator lists the mutants of src/eng_GAME.c; each
# one is compiled on its own, linked with the tool's other objects and made to
# run `regelwerk check GAME`. A mutant that makes check fail (or hang) is
# killed: the content verifies that piece of the rules. A survivor is a rule
# the content does not yet verify. A mutant that does not compile or link is
# stillborn and counted apart.
#
# A survivor is then compiled once more as the tool ships (-O2, without the
# bounds check, MUTATE_TCE_CFLAGS) and compared with the unmutated engine
# compiled the same way: when the two objects hold the same code and data
# (debug information aside), the compiler has proved the mutant equivalent
# ("trivial compiler equivalence", Papadakis et al., ICSE 2015), e.g. a
# `return -1` turned into -2 that every caller, once inlined, tests `< 0`.
# Such a mutant is counted apart as equivalent, listed, and left out of the
# score like a stillborn one: no content can kill a program that is the
# original. Only survivors are compared, so it costs one compile each.
#
# Survivors that are equivalent but that the compiler does not prove so are
# named one by one, with the reason, in tests/mutate/equivalent/GAME.txt
# (tests/mutate/named.sh says how); the report marks them and prints the
# score without them beside the score with them.
#
# A game is named by its engine's file (src/eng_sinetempore.c: sinetempore);
# the check runs on the content games whose game.xml names that engine
# (engine="sinetempore": content/sine-tempore), or on the engine's own name
# when no game.xml names it (content/noxius for eng_noxius.c).
#
# make sets (exported): MUTATE_CC, MUTATE_CPPFLAGS, MUTATE_CFLAGS,
#   MUTATE_LDFLAGS, MUTATE_LDLIBS (as the Makefile builds, flags with make's
#   shell quoting), MUTATE_TCE_CFLAGS (the equivalence compile's), MUTATE_BUILD (the object folder), MUTATE_TOOL (the
#   mutator); the user: GAMES, MUTATE_MAX (a reproducible sample of at most N
#   mutants per game), MUTATE_SEED (the sample's seed, default 1),
#   MUTATE_JOBS (default 2), MUTATE_OUT (default out/mutate), MUTATE_IDS
#   (only these mutants, by the ids of `mutate list`: e.g. the survivors of
#   an earlier run of the same source, after content was added).
#
# The run works on a snapshot taken when it starts: the engine's source and
# content/ are copied into MUTATE_OUT/work/GAME/snap, the mutants are made
# from that copy and `check` runs there, so that editing the tree while a
# long run goes on neither mixes two versions of the content into one score
# nor mutates a file that changed under it. (The schema and templates are read
# from the tool's data folder, as any check does.)
#
# Exit status: 0 whatever the score (this reports, it is not a gate), 2 when
# the run itself broke (no mutator, the unmutated engine does not build or
# does not check clean).
#
# Internally, `run.sh --one GAME ID` runs one mutant (xargs calls it);
# `run.sh --same-code ID FILE` applies mutant ID to FILE and exits 0 when the
# compiler makes the same object of both, 1 when not, 2 when it cannot tell
# (tests/test_mutate.c runs it on the mutator's fixture).

set -u

: "${MUTATE_CC:=cc}" "${MUTATE_CPPFLAGS:=}" "${MUTATE_CFLAGS:=}" "${MUTATE_LDFLAGS:=}"
: "${MUTATE_LDLIBS:=}" "${MUTATE_TCE_CFLAGS:=-O2 -w}" "${MUTATE_BUILD:=out/build}" "${MUTATE_TOOL:=out/build/tests/mutate}"
: "${MUTATE_MAX:=0}" "${MUTATE_SEED:=1}" "${MUTATE_JOBS:=2}" "${MUTATE_OUT:=out/mutate}"
: "${GAMES:=}" "${MUTATE_IDS:=}"
# absolute, because each mutant's check runs from the snapshot
absolute() {
    case $1 in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac
}
MUTATE_OUT=$(absolute "$MUTATE_OUT") MUTATE_BUILD=$(absolute "$MUTATE_BUILD")
MUTATE_TOOL=$(absolute "$MUTATE_TOOL")
export MUTATE_CC MUTATE_CPPFLAGS MUTATE_CFLAGS MUTATE_LDFLAGS MUTATE_LDLIBS MUTATE_TCE_CFLAGS MUTATE_BUILD \
       MUTATE_TOOL MUTATE_MAX MUTATE_SEED MUTATE_JOBS MUTATE_OUT

# The content games whose game.xml says engine="$1", or $1 itself.
content_for() {
    _found=
    for _g in content/*/game.xml; do
        [ -f "$_g" ] || continue
        if grep -q "engine=\"$1\"" "$_g"; then
            _d=${_g%/game.xml}
            _found="$_found ${_d#content/}"
        fi
    done
    echo "${_found:-$1}"
}

die() {
    echo "mutate: $*" >&2
    exit 2
}

now() {
    date +%s.%N
}

# Compiles $1 into $2 and links $3 from it, the tool's main.o and the
# archive without the engine ($4). The flags are read by eval because make
# hands them over as it would write them on a command line (with quotes).
build_one() {
    eval "set -- \"\$@\" $MUTATE_CPPFLAGS $MUTATE_CFLAGS"
    _src=$1 _obj=$2 _bin=$3 _lib=$4
    shift 4
    "$MUTATE_CC" "$@" -c -o "$_obj" "$_src" || return 1
    eval "set -- $MUTATE_LDFLAGS"
    eval "\"\$MUTATE_CC\" \"\$@\" -o \"\$_bin\" \"\$MUTATE_BUILD/src/main.o\" \"\$_obj\" \"\$_lib\" $MUTATE_LDLIBS"
}

# Compiles $1 into $2 as the tool ships, without its debug information (it
# holds columns and paths that a mutant shifts without changing the code).
# $1's base name must be the same for the two objects compared: it is in the
# object's symbol table.
tce_object() {
    eval "set -- \"\$@\" $MUTATE_CPPFLAGS $MUTATE_TCE_CFLAGS"
    _src=$1 _obj=$2
    shift 2
    "$MUTATE_CC" "$@" -c -o "$_obj.full" "$_src" && strip -g -o "$_obj" "$_obj.full" &&
        rm -f "$_obj.full"
}

# One mutant: prints "ID killed|survived|stillborn|timeout" into its result file.
one() {
    game=$1 id=$2
    work=$MUTATE_OUT/work/$game
    dir=$work/m$id
    rm -rf "$dir" && mkdir -p "$dir" || exit 2
    if ! (cd "$work/snap" && "$MUTATE_TOOL" apply "$id" "src/eng_$game.c" -o "$dir/eng_$game.c"); then
        echo "$id broken" > "$work/res/$id"
        exit 0
    fi
    if ! build_one "$dir/eng_$game.c" "$dir/eng_$game.o" "$dir/regelwerk" "$work/lib.a" \
         > "$dir/build.log" 2>&1; then
        status=stillborn
    else
        # shellcheck disable=SC2046 # the content games, one word each
        (cd "$work/snap" &&
            timeout "$(cat "$work/timeout")" "$dir/regelwerk" check $(cat "$work/games") > /dev/null 2>&1)
        rc=$?
        if [ "$rc" -eq 0 ]; then
            status=survived
            # the same object as the engine's: equivalent (see the header)
            if tce_object "$dir/eng_$game.c" "$dir/tce.o" > "$dir/tce.log" 2>&1 &&
                cmp -s "$dir/tce.o" "$work/base/tce.o"; then
                status=equivalent
            fi
        elif [ "$rc" -eq 124 ] || [ "$rc" -eq 137 ]; then
            status=timeout
        else
            status=killed
        fi
    fi
    echo "$id $status" > "$work/res/$id"
    rm -rf "$dir"
}

if [ "${1:-}" = "--one" ]; then
    one "$2" "$3"
    exit 0
fi

if [ "${1:-}" = "--same-code" ] && [ $# -eq 3 ]; then
    [ -x "$MUTATE_TOOL" ] || die "no mutator at $MUTATE_TOOL"
    tmp=$(mktemp -d) || die "no temporary folder"
    trap 'rm -rf "$tmp"' EXIT
    base=$(basename "$3")
    mkdir "$tmp/a" "$tmp/b" && cp "$3" "$tmp/a/$base" &&
        "$MUTATE_TOOL" apply "$2" "$3" -o "$tmp/b/$base" || die "cannot write mutant $2 of $3"
    tce_object "$tmp/a/$base" "$tmp/a.o" && tce_object "$tmp/b/$base" "$tmp/b.o" ||
        die "cannot compile $3 or its mutant $2"
    cmp -s "$tmp/a.o" "$tmp/b.o" && exit 0
    exit 1
fi

[ -x "$MUTATE_TOOL" ] || die "no mutator at $MUTATE_TOOL (run it through make mutate)"
[ -f "$MUTATE_BUILD/libregelwerk.a" ] && [ -f "$MUTATE_BUILD/src/main.o" ] ||
    die "no $MUTATE_BUILD/libregelwerk.a or main.o: build the tool first"
command -v timeout > /dev/null || die "timeout (coreutils) is needed"

if [ -z "$GAMES" ]; then
    for f in src/eng_*.c; do
        g=${f#src/eng_}
        g=${g%.c}
        case $g in
        registry | *_facts) ;;
        *) GAMES="$GAMES $g" ;;
        esac
    done
fi

mkdir -p "$MUTATE_OUT" || die "cannot create $MUTATE_OUT"
for game in $GAMES; do
    src=src/eng_$game.c
    [ -f "$src" ] || die "no engine $src"
    work=$MUTATE_OUT/work/$game
    report=$MUTATE_OUT/$game.txt
    rm -rf "$work" && mkdir -p "$work/res" "$work/snap/src" || die "cannot create $work"
    started=$(now)
    # the snapshot (see the header): from here on only it is read
    cp "$src" "$work/snap/src/" && cp -R content "$work/snap/" || die "cannot snapshot $src and content/"
    # the survivors named as equivalent, if any (tests/mutate/named.sh)
    names=tests/mutate/equivalent/$game.txt
    if [ -f "$names" ]; then
        cp "$names" "$work/snap/names.txt" || die "cannot snapshot $names"
    fi
    # (the mutator runs in the snapshot, so that its list says src/eng_GAME.c)
    mutator() {
        (cd "$work/snap" && "$MUTATE_TOOL" "$@")
    }

    # The archive without the engine's member, so that the mutated object is
    # the only definition the linker can take.
    # (ar d says nothing when the member is missing: look before and after)
    ar t "$MUTATE_BUILD/libregelwerk.a" | grep -qx "eng_$game.o" ||
        die "$MUTATE_BUILD/libregelwerk.a holds no eng_$game.o"
    cp "$MUTATE_BUILD/libregelwerk.a" "$work/lib.a" && ar d "$work/lib.a" "eng_$game.o" &&
        ! ar t "$work/lib.a" | grep -qx "eng_$game.o" || die "cannot make $work/lib.a"

    # The unmutated engine, built the way every mutant is, must check clean:
    # otherwise every mutant would look killed.
    mkdir -p "$work/base"
    build_one "$work/snap/$src" "$work/base/eng.o" "$work/base/regelwerk" "$work/lib.a" \
        > "$work/base/build.log" 2>&1 || { cat "$work/base/build.log" >&2; die "$src does not build"; }
    # (the object a survivor is compared with; the same base name as a mutant's)
    tce_object "$work/snap/$src" "$work/base/tce.o" > "$work/base/tce.log" 2>&1 ||
        { cat "$work/base/tce.log" >&2; die "$src does not build with MUTATE_TCE_CFLAGS"; }
    content_for "$game" > "$work/games"
    t0=$(now)
    # shellcheck disable=SC2046
    (cd "$work/snap" && "$work/base/regelwerk" check $(cat "$work/games")) > "$work/base/check.log" 2>&1 ||
        { cat "$work/base/check.log" >&2; die "the unmutated $game does not check clean"; }
    t1=$(now)
    # ten times the clean check, at least 5 s: a mutant that loops is killed
    awk -v a="$t0" -v b="$t1" 'BEGIN { t = (b - a) * 10; if (t < 5) t = 5; printf "%.1f\n", t }' \
        > "$work/timeout"

    if [ -n "$MUTATE_IDS" ]; then
        mutator list "$src" | awk -v ids="$MUTATE_IDS" '
            BEGIN { n = split(ids, a, /[ ,]+/); for (i = 1; i <= n; i++) want[a[i]] = 1 }
            $1 in want' > "$work/list" || die "the mutator failed on $src"
    elif [ "$MUTATE_MAX" -gt 0 ] 2> /dev/null; then
        mutator list --sample "$MUTATE_MAX" --seed "$MUTATE_SEED" "$src" > "$work/list" ||
            die "the mutator failed on $src"
    else
        mutator list "$src" > "$work/list" || die "the mutator failed on $src"
    fi
    all=$(mutator list "$src" | wc -l)

    cut -d' ' -f1 "$work/list" | xargs -P "$MUTATE_JOBS" -n 1 sh "$0" --one "$game" ||
        die "running the mutants of $game failed"

    # Join the results to the list: ID FILE:LINE:COL OP ORIG->REPL
    find "$work/res" -type f -exec cat {} + | sort -n > "$work/results"
    awk -v game="$game" -v all="$all" -v ids="$MUTATE_IDS" -v max="$MUTATE_MAX" -v seed="$MUTATE_SEED" \
        -v secs="$(awk -v a="$started" -v b="$(now)" 'BEGIN { printf "%.0f", b - a }')" '
        FNR == NR { status[$1] = $2; next }
        {
            id = $1; loc = $2; op = $3
            rest = $0
            sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", rest)
            # the replacement never holds "->"; the original may (st->x)
            n = split(rest, parts, "->")
            repl = parts[n]
            orig = substr(rest, 1, length(rest) - length(repl) - 2)
            line = loc ": " status[id] ": " op " " orig " -> " repl
            s = status[id]
            if (s == "killed" || s == "timeout") { killed++; if (s == "timeout") timeouts++ }
            else if (s == "survived") { survived++; surv[survived] = line }
            else if (s == "stillborn") { stillborn++; still[stillborn] = line }
            else if (s == "equivalent") { equivalent++; equiv[equivalent] = line }
            else { broken++ }
            total++
        }
        END {
            scored = killed + survived
            printf "mutate %s: %d killed, %d survived, %d equivalent, %d stillborn, %d total (score %.1f %%)\n",
                game, killed, survived, equivalent, stillborn, total, scored ? 100 * killed / scored : 0
            if (total < all && ids != "")
                printf "  %d of the %d mutants, named by MUTATE_IDS\n", total, all
            else if (total < all)
                printf "  a sample of %d of the %d mutants (MUTATE_MAX=%d, seed %d)\n", total, all, max, seed
            printf "  %d of the killed timed out; %d s\n", timeouts, secs
            for (i = 1; i <= survived; i++) print surv[i]
            if (stillborn) printf "stillborn (do not compile or link):\n"
            for (i = 1; i <= stillborn; i++) print "  " still[i]
            if (equivalent) printf "equivalent (the same object as the engine at MUTATE_TCE_CFLAGS):\n"
            for (i = 1; i <= equivalent; i++) print "  " equiv[i]
            if (broken) { printf "mutate %s: %d mutants could not be written\n", game, broken; exit 3 }
        }' "$work/results" "$work/list" > "$report.tmp"
    rc=$?
    # the named equivalents marked, and the score without them beside
    if [ "$rc" -eq 0 ] && [ -f "$work/snap/names.txt" ]; then
        sh "$(dirname "$0")/named.sh" "$report.tmp" "$work/snap/$src" "$work/snap/names.txt" > "$report.named" &&
            mv "$report.named" "$report.tmp" || die "cannot mark the named equivalents of $game"
    fi
    mv "$report.tmp" "$report" || die "cannot write $report"
    cat "$report"
    [ "$rc" -eq 0 ] || die "the mutator could not write every mutant of $game"
    [ "$(wc -l < "$work/results")" -eq "$(wc -l < "$work/list")" ] ||
        die "some mutants of $game left no result (see $work)"
    rm -rf "$work"
done
exit 0
