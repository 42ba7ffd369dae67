#!/usr/bin/env python3
"""Writes a large Kernel Tuner cache to PATH, in the layout Kernel Tuner writes (one configuration
per line), deterministic: configurations of a four-parameter space (2,097,152 in all) in order,
times from a fixed-seed generator, one in twenty failed. It stops at SIZE_MB megabytes or at
--configurations N, whichever comes first.
Usage: large-kernel-tuner-cache.py PATH [SIZE_MB] [--configurations N] [--samples K]
  --samples K: the samples in each configuration's `times` (default 10); with 4, a million
  configurations take about 240 MB."""
import argparse
import json
import random

parser = argparse.ArgumentParser(usage=__doc__)
parser.add_argument("path")
parser.add_argument("size_mb", nargs="?", type=float, default=None)
parser.add_argument("--configurations", type=int, default=None)
parser.add_argument("--samples", type=int, default=10)
options = parser.parse_args()
if options.size_mb is None and options.configurations is None:
    parser.error("give SIZE_MB or --configurations")
limit = int(options.size_mb * 1e6) if options.size_mb is not None else None
wanted = options.configurations
axes = {"block_size_x": list(range(32, 1025, 32)), "tile_size": list(range(1, 65)),
        "unroll": list(range(1, 17)), "use_method": list(range(0, 64))}
rng = random.Random(2026)


def configurations():
    for b in axes["block_size_x"]:
        for t in axes["tile_size"]:
            for u in axes["unroll"]:
                for m in axes["use_method"]:
                    yield b, t, u, m


with open(options.path, "w") as out:
    header = {"device_name": "Synthetic GPU", "kernel_name": "large_cache", "problem_size": 1 << 24,
              "tune_params_keys": list(axes), "tune_params": axes, "objective": "time"}
    text = json.dumps(header, indent=1)[:-2] + ',\n"cache": {\n'
    out.write(text)
    written, count = len(text), 0
    for b, t, u, m in configurations():
        if (limit is not None and written >= limit) or (wanted is not None and count >= wanted):
            break
        entry = {"block_size_x": b, "tile_size": t, "unroll": u, "use_method": m}
        if count % 20 == 19:
            entry["time"] = "CompilationFailedConfig"
        else:
            base = 1.0 + rng.random() * 9
            samples = [base * (1 + rng.random() * 0.01) for _ in range(options.samples)]
            entry["time"] = sum(samples) / len(samples) if samples else base
            if samples:
                entry["times"] = samples
        entry["compile_time"] = rng.random() * 100
        line = ("" if count == 0 else ",\n") + json.dumps(f"{b},{t},{u},{m}") + ": " + json.dumps(entry)
        out.write(line)
        written += len(line)
        count += 1
    out.write("\n}\n}\n")
print(f"{options.path}: {count} configurations, {written / 1e6:.0f} MB")
