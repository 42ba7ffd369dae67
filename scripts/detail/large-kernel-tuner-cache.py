#!/usr/bin/env python3
"""Writes a Kernel Tuner cache of about SIZE_MB megabytes to PATH, in the layout Kernel Tuner
writes (one configuration per line, ten samples each), deterministic: configurations of a
four-parameter space in order, times from a fixed-seed generator, one in twenty failed.
Usage: large-kernel-tuner-cache.py PATH SIZE_MB"""
import json
import random
import sys

path, size_mb = sys.argv[1], float(sys.argv[2])
limit = int(size_mb * 1e6)
axes = {"block_size_x": list(range(32, 1025, 32)), "tile_size": list(range(1, 65)),
        "unroll": list(range(1, 17)), "use_method": list(range(0, 64))}
rng = random.Random(2026)
with open(path, "w") as out:
    header = {"device_name": "Synthetic GPU", "kernel_name": "large_cache", "problem_size": 1 << 24,
              "tune_params_keys": list(axes), "tune_params": axes, "objective": "time"}
    text = json.dumps(header, indent=1)[:-2] + ',\n"cache": {\n'
    out.write(text)
    written, count = len(text), 0
    for b in axes["block_size_x"]:
        for t in axes["tile_size"]:
            for u in axes["unroll"]:
                for m in axes["use_method"]:
                    if written >= limit:
                        break
                    entry = {"block_size_x": b, "tile_size": t, "unroll": u, "use_method": m}
                    if count % 20 == 19:
                        entry["time"] = "CompilationFailedConfig"
                    else:
                        base = 1.0 + rng.random() * 9
                        samples = [base * (1 + rng.random() * 0.01) for _ in range(10)]
                        entry["time"] = sum(samples) / len(samples)
                        entry["times"] = samples
                    entry["compile_time"] = rng.random() * 100
                    line = ("" if count == 0 else ",\n") + json.dumps(f"{b},{t},{u},{m}") + ": " + json.dumps(entry)
                    out.write(line)
                    written += len(line)
                    count += 1
    out.write("\n}\n}\n")
print(f"{path}: {count} configurations, {written / 1e6:.0f} MB")
