#!/bin/sh
# named.sh — the survivors of a `make mutate` report that are named as
# equivalent, with the reason, in tests/mutate/equivalent/GAME.txt.
#
#   named.sh REPORT SOURCE NAMES    the report again, each survivor the list
#                                   names marked "named equivalent: REASON",
#                                   the first line given both scores, and
#                                   every name that matched no survivor
#                                   listed as stale (killed now, or its line
#                                   changed)
#   named.sh --keys REPORT SOURCE   the survivors as NAMES lines, reason "?"
#
# A mutant that the compiler does not fold into the engine's own object
# (run.sh: equivalent) may still be unable to change what the engine does:
# a `return -1` turned into -2 whose callers test `< 0`, a minimum of two
# equal values, a flag read as true or false. No content can kill it, and
# each needs a reason a reviewer can check, so it is named here one by one;
# a survivor that content could kill but does not is not named (it is a rule
# not yet verified), nor is one that only a content error or undefined
# behaviour reaches (listed in the engine's facts file instead).
#
# A name is found again after lines move: its key is the function the
# mutant is in, the mutation (operator, original -> replacement), its column
# counted from the line's first non-blank character, and the line's text.
# NAMES holds one name a line, those five fields and the reason separated by
# tabs; lines starting with # are comments.
#
# The named survivors stay in the report's first score (killed / (killed +
# survived)); the second leaves them out, as the literature's mutation score
# leaves out equivalent mutants.

set -u

keys=0
if [ "${1:-}" = "--keys" ]; then
    keys=1
    shift
fi
[ $# -eq $((3 - keys)) ] || { echo "usage: named.sh [--keys] REPORT SOURCE [NAMES]" >&2; exit 2; }
report=$1 source=$2 names=${3:-/dev/null}
for f in "$report" "$source" "$names"; do
    [ -r "$f" ] || { echo "named.sh: cannot read $f" >&2; exit 2; }
done

awk -v keys="$keys" -F '\t' '
    # 1: the source: the text of each line (trimmed), its indent, its function
    FILENAME == ARGV[1] {
        text = $0
        sub(/[ \t]+$/, "", text)
        ind = match(text, /[^ ]/) ? RSTART - 1 : 0
        src[FNR] = substr(text, ind + 1)
        indent[FNR] = ind
        # a definition starts at column 0 with a letter and holds "name("
        if (text ~ /^[A-Za-z]/ && text !~ /;$/ && match(text, /[A-Za-z_][A-Za-z_0-9]*\(/))
            fn = substr(text, RSTART, RLENGTH - 1)
        func_of[FNR] = fn
        next
    }
    # 2: the names
    FILENAME == ARGV[2] {
        if ($0 ~ /^#/ || $0 ~ /^[ \t]*$/)
            next
        if (NF != 6) {
            printf "named.sh: %s:%d: want 6 tab-separated fields, not %d\n", FILENAME, FNR, NF > "/dev/stderr"
            bad = 1
            exit 2
        }
        k = $1 "\t" $2 "\t" $3 "\t" $4 "\t" $5
        reason[k] = $6
        order[++nnames] = k
        where[k] = FNR
        next
    }
    # 3: the report
    FNR == 1 && FILENAME == ARGV[3] {
        head = $0
        next
    }
    {
        line = $0
        if (match(line, /^[^ ]+: survived: /)) {
            loc = substr(line, 1, RLENGTH - length(": survived: "))
            rest = substr(line, RLENGTH + 1)
            n = split(loc, p, ":")
            ln = p[n - 1] + 0
            col = p[n] + 0
            sp = index(rest, " ")
            op = substr(rest, 1, sp - 1)
            change = substr(rest, sp + 1)
            k = func_of[ln] "\t" op "\t" change "\t" (col - 1 - indent[ln]) "\t" src[ln]
            if (keys) {
                print k "\t?"
                next
            }
            if (k in reason) {
                used[k] = 1
                named++
                out[++nout] = loc ": named equivalent: " rest " (" reason[k] ")"
                next
            }
            survived++
        }
        if (!keys)
            out[++nout] = line
    }
    END {
        if (bad || keys)
            exit bad ? 2 : 0
        # the first line of run.sh: "mutate GAME: K killed, S survived, ..."
        killed = head
        sub(/ killed.*/, "", killed)
        sub(/.* /, "", killed)
        killed += 0
        all = killed + survived + named
        unnamed = killed + survived
        sub(/ \(score [^)]*\)$/, "", head)
        printf "%s (score %.1f %%; %d named equivalent, %.1f %% without them)\n", head,
            all ? 100 * killed / all : 0, named, unnamed ? 100 * killed / unnamed : 0
        for (i = 1; i <= nout; i++)
            print out[i]
        for (i = 1; i <= nnames; i++)
            if (!(order[i] in used))
                stale[++nstale] = order[i]
        if (nstale)
            printf "named but not among the survivors (killed now, or the line changed):\n"
        for (i = 1; i <= nstale; i++) {
            k = stale[i]
            gsub(/\t/, " | ", k)
            printf "  line %d of the names: %s\n", where[stale[i]], k
        }
    }' "$source" "$names" "$report"
