#!/usr/bin/env python3
"""problem_matcher.py MATCHER.json < STDERR

Reads what regelwerk printed on stderr and applies the GitHub problem
matcher shipped in templates/ci/ to it, as the Actions runner would: its
regular expressions are read from the file, never copied, so that this test
and the shipped matcher cannot drift apart.

Every line must be one of
  - a diagnostic caught by one of the matcher's patterns (error, warning);
  - a note in the file:line:col form (notes are no annotations);
  - the source excerpt under a diagnostic ("   12 | ..." and its caret);
  - "Try 'regelwerk ... --help'" after a usage error.
Any other line is one that a problem matcher would drop silently: it is
printed with "UNCAUGHT" and the exit status is 1.

Every caught line is printed as OWNER<TAB>FILE<TAB>LINE<TAB>COLUMN<TAB>CODE
<TAB>MESSAGE (empty fields where the pattern has none).
"""
import json
import re
import sys


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        matchers = json.load(f)["problemMatcher"]
    pats = []
    for m in matchers:
        p = m["pattern"][0]
        pats.append((m["owner"], re.compile(p["regexp"]), p))
    excerpt = re.compile(r"^ *[0-9]* \| ")
    note = re.compile(r"^(?:[^:]+:[0-9]+:[0-9]+|regelwerk(?: [a-z0-9 -]+)?): note: ")
    bad = 0
    for line in sys.stdin.read().splitlines():
        if not line or excerpt.match(line) or line.startswith("Try 'regelwerk") or note.match(line):
            continue
        for owner, rx, p in pats:
            m = rx.match(line)
            if m:
                def field(k):
                    return m.group(p[k]) or "" if k in p else ""
                print("\t".join([owner, field("file"), field("line"), field("column"), field("code"),
                                 field("message")]))
                break
        else:
            print("UNCAUGHT\t" + line)
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
