#!/usr/bin/env python3
"""peers.py — `make bench`: whole-process figures against their peers,
measured in the same run, each the best of several rounds (the machines are
shared: a ratio of two bests is what stays comparable). Figures only.

  everything  `regelwerk -q build --strict` of all content (every edition,
              both papers, flowcharts, cards): wall and CPU (children
              included), peak RSS; target < 0.5 s.
  sheets      each source-language A4 sheet against pdfLaTeX on its LaTeX
              twin (latex_twin.py: the same text, tables and examples
              included), wall and CPU, and bytes a page; targets: 0.1x the
              time, 1.2x the bytes a page. The twin has no icons, footers,
              glossary or colophon: the characters of text each PDF holds
              (pdftotext) and its bytes a character are printed beside.
  flowcharts  every flowchart the build of everything writes (each game,
              edition and paper that has one): our build of that one chart
              (`build GAME --lang L --flow F --paper P`, a whole process:
              load, check, lay out, draw, write) against Graphviz's
              `dot -Tpdf` on the same graph (`build --dot`: the graph each
              page was laid out from, as libgvc received it), wall and CPU;
              target < 1.0x. Skipped, and said so, without Graphviz's dot.

usage: peers.py BIN
"""
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROUNDS = 3


def run(cmd, cwd=None):
    """(wall, cpu, maxrss KiB, ok) of one run; cpu and rss of the children."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    p = subprocess.run(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, after.ru_maxrss, p.returncode == 0


def best(cmd, cwd=None):
    """Best wall and best CPU of ROUNDS runs, or None when one failed."""
    w, c, rss = 1e9, 1e9, 0
    for _ in range(ROUNDS):
        wall, cpu, r, ok = run(cmd, cwd)
        if not ok:
            return None
        w, c, rss = min(w, wall), min(c, cpu), max(rss, r)
    return w, c, rss


def pages(pdf):
    out = subprocess.run(["qpdf", "--show-npages", pdf], capture_output=True, text=True)
    return int(out.stdout.strip()) if out.returncode == 0 and out.stdout.strip().isdigit() else 0


def flowcharts(binary, tmp):
    """Each flowchart against `dot -Tpdf` on the graph it was laid out from."""
    dot = shutil.which("dot")
    if not dot:
        print("  flowcharts vs dot: Graphviz's dot not installed, skipped")
        return
    graphs = os.path.join(tmp, "dot")
    subprocess.run([binary, "-q", "build", "--only", "flow", "-o", os.path.join(tmp, "flows"), "--dot", graphs],
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    charts = []
    for game in sorted(os.listdir(graphs)) if os.path.isdir(graphs) else []:
        for name in sorted(os.listdir(os.path.join(graphs, game))):
            # GAME-LANG-flow-FLOW-PAPER.dot (a game's name may hold '-')
            m = re.fullmatch(re.escape(game) + r"-([a-z]+)-flow-(.+)-([a-z0-9]+)\.dot", name)
            if m:
                charts.append((game, m.group(1), m.group(2), m.group(3), os.path.join(graphs, game, name)))
    if not charts:
        print("  flowcharts vs dot: no flowchart built, not measured")
        return
    print("  flowchart vs dot -Tpdf           ours: wall     CPU    dot: wall      CPU   ratio (wall, CPU; < 1.0x)")
    met, ratios = 0, []
    for game, lang, flow, paper, graph in charts:
        label = "%s-%s %s" % (game, lang, flow)
        r = best([binary, "-q", "build", game, "--lang", lang, "--flow", flow, "--paper", paper,
                  "-o", os.path.join(tmp, "flow1")])
        t = best([dot, "-Tpdf", graph, "-o", os.path.join(tmp, "dot.pdf")])
        if not r or not t:
            print("  %-31s  %s failed" % (label, "build" if not r else "dot"))
            continue
        rw, rc = r[0] / t[0], r[1] / max(t[1], 1e-3)
        met += rw < 1.0 and rc < 1.0
        ratios.append((rw, rc))
        print("  %-31s %7.1f ms %7.1f ms %7.1f ms %7.1f ms  %5.1fx %5.1fx"
              % (label, r[0] * 1e3, r[1] * 1e3, t[0] * 1e3, t[1] * 1e3, rw, rc))
    if ratios:
        gw = 1.0
        gc = 1.0
        for rw, rc in ratios:
            gw *= rw
            gc *= rc
        n = len(ratios)
        print("  flowcharts: %d of %d faster than dot (wall and CPU); geometric mean %.1fx wall, %.1fx CPU; "
              "target: all" % (met, len(charts), gw ** (1.0 / n), gc ** (1.0 / n)))


def text_chars(pdf):
    """Characters of text pdftotext extracts from pdf (0 when it cannot)."""
    out = subprocess.run(["pdftotext", pdf, "-"], capture_output=True)
    return len(out.stdout.decode("utf-8", "replace")) if out.returncode == 0 else 0


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "out/bin/regelwerk")
    here = os.path.dirname(os.path.abspath(__file__))
    tmp = tempfile.mkdtemp(prefix="regelwerk-peers-")
    try:
        print("\npeers (best of %d)       wall        CPU     ratio (wall, CPU)   bytes/page" % ROUNDS)
        r = best([binary, "-q", "build", "--strict", "-o", os.path.join(tmp, "all")])
        if r:
            files = sum(len(fs) for _, _, fs in os.walk(os.path.join(tmp, "all")))
            print("  everything            %7.1f ms %7.1f ms   (%d files, peak RSS %d KiB of the largest "
                  "process; target < 500 ms: %s)" % (r[0] * 1e3, r[1] * 1e3, files, r[2],
                                                     "met" if r[0] < 0.5 else "NOT met"))
        else:
            print("  everything            build failed")
        latex = shutil.which("pdflatex")
        for gl in ("nanolith:de", "nemesis:it", "noxius:de", "overmind:de", "sine-tempore:de"):
            g, lang = gl.split(":")
            out = os.path.join(tmp, "sheets")
            r = best([binary, "build", g, "--lang", lang, "--only", "sheet", "--paper", "a4", "-o", out])
            pdf = os.path.join(out, g, "%s-%s-a4.pdf" % (g, lang))
            if not r or not os.path.exists(pdf):
                print("  %-20s  build failed" % (g + "-" + lang))
                continue
            ours = os.path.getsize(pdf) / max(pages(pdf), 1)
            print("  %-20s  %7.1f ms %7.1f ms %28.0f" % (g + "-" + lang, r[0] * 1e3, r[1] * 1e3, ours))
            if not latex:
                continue
            tex = os.path.join(tmp, "%s-%s.tex" % (g, lang))
            with open(tex, "w") as fp:
                subprocess.run([sys.executable, os.path.join(here, "latex_twin.py"),
                                os.path.join("content", g, lang + ".xml"), lang], stdout=fp, check=False)
            t = best([latex, "-interaction=batchmode", os.path.basename(tex)], cwd=tmp)
            tpdf = tex[:-4] + ".pdf"
            if not t or not os.path.exists(tpdf):
                print("  %-20s  pdflatex failed" % "  LaTeX twin")
                continue
            theirs = os.path.getsize(tpdf) / max(pages(tpdf), 1)
            print("  %-20s  %7.1f ms %7.1f ms   %5.2fx %5.2fx %12.0f (%.2fx; targets 0.10x, 1.20x)"
                  % ("  LaTeX twin", t[0] * 1e3, t[1] * 1e3, r[0] / t[0], r[1] / t[1], theirs, ours / theirs))
            # the twin sets the sheet's paragraphs, not its tables, examples
            # or icons: the bytes a character of text say how far apart the
            # two are on the same words
            oc, tc = text_chars(pdf), text_chars(tpdf)
            if oc and tc:
                print("  %-20s  text %d / %d characters (%.2fx); bytes a character %.2f / %.2f (%.2fx)"
                      % ("  same words?", oc, tc, oc / tc, os.path.getsize(pdf) / oc, os.path.getsize(tpdf) / tc,
                         (os.path.getsize(pdf) / oc) / (os.path.getsize(tpdf) / tc)))
        if not latex:
            print("  LaTeX peer: pdflatex not installed, skipped")
        flowcharts(binary, tmp)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
