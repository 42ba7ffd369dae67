#!/usr/bin/env python3
"""Writes cccl_meta_bench.db as CUB's tuning scripts (benchmarks/scripts/cccl/bench/bench.py) write
one, for the CUB v3.4.2 benchmarks that templates/cub/ renders selectors from: per benchmark one
entry table "<algorithm>.<entry>" with fpzip-compressed float32 seconds, and the `subbenches`,
`builds` and `runs` tables. The statements are CUB's; the measurements are made up (an H100 search
with one compile-time workload, two sizes, base and two variants, one of which wins clearly:
nothing here runs a GPU). tests/cmake/cub_families.cmake imports the file and renders each
family's selector from it.

Needs Python's fpzip and numpy (pip install fpzip numpy); the test reads the committed file: run
this again only to change the data.
Usage: write_database.py OUTPUT.db
"""
import random
import sqlite3
import sys

import fpzip
import numpy as np

CTK = "12.8"
CCCL = "4c3a1c1a3d3bd4e7c0a4cdb5dbb5fb2fbbf1f8d2"
GPU = "H100 80GB HBM3 (5120, 132, eccon)"

# benchmark -> (entry, compile-time axes and the measured workload, runtime axes and their two
# values, the winning variant, a variant that loses). Variant names list the %RANGE% labels in the
# file's order, as CUB's search.py names them; tests/cmake/cub_families.cmake checks the winners.
BENCHMARKS = {
    "adjacent_difference.subtract_left": (
        "base", {"T{ct}": "I32", "OffsetT{ct}": "I64"}, ("Elements{io}[pow2]", ("20", "24")),
        "ipt_12.tpb_256", "ipt_7.tpb_1024"),
    "copy.memcpy": (
        "large", {"T{ct}": "U32", "OffsetT{ct}": "I32"}, ("Elements{io}[pow2]", ("28", "29")),
        "tpb_256.bpt_8.tlevbpt_16.ltpb_512.lbbpt_64.ppb_1.wlt_64.blt_2048.blns_256.bldcid_4.bll2w_350"
        ".buns_128.budcid_2.bul2w_500",
        "tpb_128.bpt_1.tlevbpt_2.ltpb_128.lbbpt_4.ppb_0.wlt_32.blt_1024.blns_0.bldcid_0.bll2w_0"
        ".buns_0.budcid_0.bul2w_0"),
    "merge.keys": (
        "base", {"KeyT{ct}": "I32"}, ("Elements{io}[pow2]", ("20", "24")),
        "trp_1.ld_3.ipt_11.tpb_8", "trp_0.ld_2.ipt_7.tpb_6"),
    "merge_sort.keys": (
        "base", {"T{ct}": "I64", "OffsetT{ct}": "I32"}, ("Elements{io}[pow2]", ("20", "24")),
        "trp_0.ld_1.ipt_20.tpb_7", "trp_1.ld_2.ipt_7.tpb_10"),
    "segmented_scan.sum": (
        "fixed_size_segments", {"T{ct}": "F32", "OffsetT{ct}": "I64"}, ("Elements{io}[pow2]", ("18", "22")),
        "ipt_12.tpb_256.trp_1.ld_1.spb_1", "ipt_7.tpb_1024.trp_0.ld_0.spb_512"),
    "segmented_sort.keys": (
        "large", {"T{ct}": "U32", "OffsetT{ct}": "I32"}, ("Elements{io}[pow2]", ("22", "26")),
        "ipt_20.ipmw_8.ipsw_4.tpb_256.tpsw_2.tpmw_4.bits_6.pt_300.ra_1.ld_2.trp_1.sld_2.strp_1.mld_0.mtrp_1",
        "ipt_9.ipmw_5.ipsw_1.tpb_128.tpsw_1.tpmw_2.bits_4.pt_800.ra_0.ld_0.trp_0.sld_0.strp_0.mld_0.mtrp_0"),
    "select.unique_by_key": (
        "base", {"KeyT{ct}": "I64", "ValueT{ct}": "I32", "OffsetT{ct}": "I32"}, ("Elements{io}[pow2]", ("20", "24")),
        "ipt_14.tpb_384.trp_1.ld_1.ns_1000.dcid_2.l2w_500", "ipt_7.tpb_128.trp_0.ld_0.ns_0.dcid_0.l2w_0"),
    "transform.babelstream": (
        "add", {"T{ct}": "F32", "OffsetT{ct}": "I64"}, ("Elements{io}[pow2]", ("25", "28")),
        "bif_8.alg_1.tpb_256.unrl_4.pref_1.vsp2_2", "bif_-16.alg_0.tpb_1024.unrl_1.pref_3.vsp2_1"),
}

# seconds at the two sizes: the winner 20% faster than base at both, the loser 10% slower
TIMES = {"base": (2.0e-5, 2.4e-4), "winner": (1.6e-5, 1.9e-4), "loser": (2.2e-5, 2.65e-4)}


def write_benchmark(conn, name, entry, ct_axes, rt_axis, winner, loser):
    algorithm = "cub.bench." + name
    axes = list(ct_axes) + [rt_axis[0]]
    conn.execute("INSERT INTO subbenches (algorithm, bench) VALUES (?, ?) ON CONFLICT DO NOTHING;", (algorithm, entry))
    columns = ", ".join('"{}" TEXT'.format(a) for a in axes)
    names = ", ".join('"{}"'.format(a) for a in axes)
    conn.execute(
        'CREATE TABLE IF NOT EXISTS "{0}.{1}" (ctk TEXT NOT NULL, cccl TEXT NOT NULL, gpu TEXT NOT NULL, '
        "variant TEXT NOT NULL, elapsed REAL, center REAL, bw REAL, samples BLOB, {2}, "
        "UNIQUE(ctk, cccl, gpu, variant, {3}));".format(algorithm, entry, columns, names))
    for role, variant in (("base", "base"), ("winner", winner), ("loser", loser)):
        label = algorithm + "." + variant
        conn.execute("INSERT INTO builds (ctk, cccl, bench, code, elapsed) VALUES (?, ?, ?, ?, ?);",
                     (CTK, CCCL, label, 0, 75.0))
        conn.execute("INSERT INTO runs (ctk, cccl, bench, code, elapsed) VALUES (?, ?, ?, ?, ?);",
                     (CTK, CCCL, label, 0, 14.5))
        for size, seconds in zip(rt_axis[1], TIMES[role]):
            samples = np.array(sorted(seconds * (1 + random.gauss(0, 0.01)) for _ in range(40)), dtype="<f4")
            values = list(ct_axes.values()) + [size]
            conn.execute(
                'INSERT INTO "{0}.{1}" (ctk, cccl, gpu, variant, elapsed, center, bw, samples, {2}) '
                "VALUES (?, ?, ?, ?, ?, ?, ?, ?, {3});".format(algorithm, entry, names, ", ".join("?" * len(axes))),
                [CTK, CCCL, GPU, variant, 14.5, float(np.median(samples)), 0.8, fpzip.compress(samples)] + values)


def main(path):
    random.seed(51)
    conn = sqlite3.connect(path)
    with conn:
        conn.execute(
            "CREATE TABLE IF NOT EXISTS subbenches (algorithm TEXT NOT NULL, bench TEXT NOT NULL, "
            "UNIQUE(algorithm, bench));")
        for table in ("builds", "runs"):
            conn.execute(
                "CREATE TABLE IF NOT EXISTS {} (ctk TEXT NOT NULL, cccl TEXT NOT NULL, bench TEXT NOT NULL, "
                "code TEXT NOT NULL, elapsed REAL);".format(table))
        for name, spec in BENCHMARKS.items():
            write_benchmark(conn, name, *spec)
    conn.close()


if __name__ == "__main__":
    main(sys.argv[1])
