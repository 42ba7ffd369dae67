// SPDX-License-Identifier: Apache-2.0
// PolicyTune benchmark harness: the end of one variant's copy of the source in a batched build
// (generator/run/batch_source.cpp includes this after each copy; no include guard, on purpose).
// Headers whose part for a variant must expand once per variant, however often a variant's code
// includes them, guard that part with a macro; the next variant's copy starts without it.
#undef POLICYTUNE_LOOK_BACK_HELPER_VARIANT_PART
