#!/usr/bin/env python3
"""CPU seconds per kind of process under one command, for CI-time measurements on a shared machine
(docs/performance.md "CI time"): wall times there follow the other users' load, CPU seconds much less.

Usage: python3 scripts/cpu-by-process.py <root-pid> <out.json>
Every 0.5 s it reads utime + stime (the process's own, not its children's) of every process descending
from <root-pid> from /proc, keeping each pid's last value; when <root-pid> exits it prints and writes
the CPU seconds per kind (Chromium by process type, the API, PostgreSQL, Playwright, vitest, builds).
A process living less than 0.5 s, or its last 0.5 s, is not counted: a slight undercount.
"""
import os, sys, time, json
root = int(sys.argv[1]); out = sys.argv[2]
tick = os.sysconf('SC_CLK_TCK')
last = {}
def children_map():
    m = {}
    for p in os.listdir('/proc'):
        if not p.isdigit(): continue
        try:
            with open(f'/proc/{p}/stat') as f: s = f.read()
        except OSError: continue
        rest = s[s.rfind(')')+2:].split()
        ppid = int(rest[1]); ut = int(rest[11]); st = int(rest[12])
        m[int(p)] = (ppid, ut + st)
    return m
def cat(pid):
    try:
        with open(f'/proc/{pid}/cmdline','rb') as f: c = f.read().replace(b'\0', b' ').decode(errors='replace')
    except OSError: return None
    if 'chromium' in c or 'chrome' in c:
        import re
        m = re.search(r'--type=(\S+)', c)
        return 'chromium:' + (m.group(1) if m else 'browser')
    if c.startswith('postgres') or '/postgres ' in c or 'bin/postgres' in c: return 'postgres'
    if 'apps/api/src/main.ts' in c or 'main.js' in c: return 'api'
    if 'playwright' in c: return 'playwright'
    if 'vitest' in c: return 'vitest'
    if 'build-if-changed' in c or 'vite' in c or 'esbuild' in c: return 'build'
    return 'other:' + c[:60]
cats = {}
while os.path.exists(f'/proc/{root}'):
    m = children_map()
    desc = {root}; changed = True
    while changed:
        changed = False
        for p, (pp, _) in m.items():
            if pp in desc and p not in desc: desc.add(p); changed = True
    for p in desc:
        if p in m:
            if p not in cats:
                c = cat(p)
                if c: cats[p] = c
            last[p] = m[p][1]
    time.sleep(0.5)
tot = {}
for p, t in last.items():
    k = cats.get(p, 'unknown'); k = k if not k.startswith('other') else 'other'
    tot[k] = tot.get(k, 0) + t / tick
json.dump({k: round(v, 1) for k, v in sorted(tot.items(), key=lambda x: -x[1])}, open(out, 'w'))
print(json.dumps({k: round(v, 1) for k, v in sorted(tot.items(), key=lambda x: -x[1])}))
