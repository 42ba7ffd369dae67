#!/usr/bin/env python3
"""Writes cccl_meta_bench.db as CUB's tuning scripts (benchmarks/scripts/cccl/bench/bench.py and
cmake.py, CCCL 3.0) write one: the tables `subbenches`, `builds`, `runs` and one table per
benchmark entry named "<algorithm>.<entry>", whose samples are fpzip-compressed float32 seconds.
Only the statements are the same as theirs; the measurements are made up (a reduce.sum search on
an H100 with two element types, two sizes and five variants, one of which failed to build and one
to run).

Needs Python's fpzip and numpy (pip install fpzip numpy); the tests read the file it wrote, which
is committed: run it again only to change the data.
Usage: write_database.py OUTPUT.db
"""
import random
import sqlite3
import sys

import fpzip
import numpy as np

CTK = "12.8"
CCCL = "f19d875da0d8bfb2e38c109b2b40522b8abbbbc3"
GPU = "H100 80GB HBM3 (5120, 132, eccon)"
ALGORITHM = "cub.bench.reduce.sum"
ENTRY = "base"
AXES = ["T{ct}", "OffsetT{ct}", "Elements{io}[pow2]"]

# variant -> seconds at 2^16 and 2^20 elements for I32 (F32 takes 10% longer)
VARIANTS = {
    "base": (8.0e-6, 2.0e-5),
    "ipt_13.tpb_256.ipv_1": (7.5e-6, 1.9e-5),
    "ipt_16.tpb_512.ipv_2": (8.4e-6, 1.7e-5),
}
BUILD_FAILED = "ipt_24.tpb_1024.ipv_2"
RUN_FAILED = "ipt_7.tpb_128.ipv_1"


def main(path):
    random.seed(7)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS subbenches (algorithm TEXT NOT NULL, bench TEXT NOT NULL, "
            "UNIQUE(algorithm, bench));")
        conn.execute("INSERT INTO subbenches (algorithm, bench) VALUES (?, ?) ON CONFLICT DO NOTHING;",
                     (ALGORITHM, ENTRY))
        columns = ", ".join('"{}" TEXT'.format(a) for a in AXES)
        names = ", ".join('"{}"'.format(a) for a in AXES)
        conn.execute(
            'CREATE TABLE IF NOT EXISTS "{0}.{1}" (ctk TEXT NOT NULL, cccl TEXT NOT NULL, gpu TEXT NOT NULL, '
            "variant TEXT NOT NULL, elapsed REAL, center REAL, bw REAL, samples BLOB, {2}, "
            "UNIQUE(ctk, cccl, gpu, variant, {3}));".format(ALGORITHM, ENTRY, columns, names))
        for table in ("builds", "runs"):
            conn.execute(
                "CREATE TABLE IF NOT EXISTS {} (ctk TEXT NOT NULL, cccl TEXT NOT NULL, bench TEXT NOT NULL, "
                "code TEXT NOT NULL, elapsed REAL);".format(table))
        for variant in list(VARIANTS) + [BUILD_FAILED, RUN_FAILED]:
            label = ALGORITHM + "." + variant
            conn.execute("INSERT INTO builds (ctk, cccl, bench, code, elapsed) VALUES (?, ?, ?, ?, ?);",
                         (CTK, CCCL, label, 1 if variant == BUILD_FAILED else 0, 61.5))
            if variant == BUILD_FAILED:
                continue
            conn.execute("INSERT INTO runs (ctk, cccl, bench, code, elapsed) VALUES (?, ?, ?, ?, ?);",
                         (CTK, CCCL, label, 1 if variant == RUN_FAILED else 0, 12.25))
            if variant == RUN_FAILED:
                continue
            for t, slower in (("I32", 1.0), ("F32", 1.1)):
                for elements, seconds in zip(("16", "20"), VARIANTS[variant]):
                    center = seconds * slower
                    samples = np.array(sorted(center * (1 + random.gauss(0, 0.01)) for _ in range(40)),
                                       dtype="<f4")
                    conn.execute(
                        'INSERT INTO "{0}.{1}" (ctk, cccl, gpu, variant, elapsed, center, bw, samples, {2}) '
                        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(ctk, cccl, gpu, variant, {2}) "
                        "DO NOTHING;".format(ALGORITHM, ENTRY, names),
                        (CTK, CCCL, GPU, variant, 12.25, float(np.median(samples)), 0.71,
                         fpzip.compress(samples), t, "U32", elements))
    conn.close()


if __name__ == "__main__":
    main(sys.argv[1])
