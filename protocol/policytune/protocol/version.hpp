// SPDX-License-Identifier: Apache-2.0
// The harness protocol's version: what a benchmark binary built on bench/policytune/bench.hpp
// writes, and what `policytune` reads (bench/README.md, "JSON protocol").
//
// This folder, protocol/policytune/protocol/, holds the rules both ends of the protocol share: the
// harness includes these headers into every benchmark, the tool compiles them into policytune.
// Standard library only, C++17 (benchmarks compile under nvcc), no exceptions thrown.
#pragma once

namespace policytune::protocol
{
/// Every document the harness writes (--list, --device, a run) is one JSON object whose member
/// `"policytune_harness"` holds this number. Raise it when a document changes in a way an older
/// `policytune` would misread (a member removed or redefined; new members alone need no change),
/// and teach the reader what each version means.
inline constexpr long long version = 1;

/// The member that holds the version, and that marks a document as the harness's.
inline constexpr const char version_key[] = "policytune_harness";
} // namespace policytune::protocol
