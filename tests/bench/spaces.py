#!/usr/bin/env python3
"""spaces.py — word spaces of justified lines, measured from a PDF's text
positions (pdftotext -bbox-layout), the same way for regelwerk's sheets and
their LaTeX twins.

A line counts as justified when its right end meets one of the page's right
column edges (the x where most lines end, within -0.8/+3 pt: a hyphen or a
full stop protruding into the margin still ends there) and it has at least
two word spaces. Its space is the median gap between its words; the sheet's
median is the median of those. Printed: justified lines, the share looser
than 1.4 x the median, the widest line (x median) and the spread (standard
deviation of line space / median).

usage: spaces.py [--json] FILE.pdf...
"""
import re
import statistics
import subprocess
import sys
from collections import Counter

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>')
LABEL = re.compile(r'^(\u2022|\u2013|\d+\.|\(?[a-z0-9]\))$')


def lines_of(pdf):
    xml = subprocess.run(["pdftotext", "-bbox-layout", pdf, "-"], capture_output=True, text=True,
                         check=True).stdout
    for page in xml.split("<page ")[1:]:
        lines = []
        for ln in page.split("<line ")[1:]:
            ln = ln.split("</line>")[0]
            ws = [tuple(float(v) for v in m.groups()[:4]) + (m.group(5),) for m in WORD.finditer(ln)]
            if ws:
                lines.append(sorted(ws))
        yield lines


def measure(pdf):
    spaces = []
    for lines in lines_of(pdf):
        ends = Counter(round(l[-1][2] * 2) / 2 for l in lines)
        edges = [x for x, n in ends.items() if n >= 4]
        for l in lines:
            h = l[0][3] - l[0][1]
            right = l[-1][2]
            if not any(e - 0.8 <= right <= e + 3 for e in edges):
                continue
            gaps = [b[0] - a[2] for a, b in zip(l, l[1:])]
            if LABEL.match(l[0][4]):
                gaps = gaps[1:]   # a list label and its item: not a word space
            gaps = [g for g in gaps if g > 0.12 * h]
            if len(gaps) < 2:
                continue
            spaces.append(statistics.median(gaps))
    if not spaces:
        return None
    med = statistics.median(spaces)
    rel = [s / med for s in spaces]
    return {
        "lines": len(rel),
        "loose": 100.0 * sum(1 for r in rel if r > 1.4) / len(rel),
        "widest": max(rel),
        "spread": statistics.pstdev(rel),
    }


def main(argv):
    js = "--json" in argv
    files = [a for a in argv if a != "--json"]
    for f in files:
        m = measure(f)
        if not m:
            print(f"{f}: no justified lines")
        elif js:
            print(f'{{"file": "{f}", "lines": {m["lines"]}, "loose": {m["loose"]:.2f}, '
                  f'"widest": {m["widest"]:.3f}, "spread": {m["spread"]:.3f}}}')
        else:
            print(f"{f}: {m['lines']} justified lines, loose {m['loose']:.1f} %, "
                  f"widest {m['widest']:.2f}x, spread {m['spread']:.2f}")


if __name__ == "__main__":
    main(sys.argv[1:])
