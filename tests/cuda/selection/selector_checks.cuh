// What every CCCL 3.5 policy selector of the shipped library must give, rendered in test mode (the
// benchmark's %TEST% variant for every workload on sm_80 and sm_90): shared by the
// selection/<algorithm>.cuh files of the selector hubs, after tests/cuda/policies_selection.cu's
// Knobs, expect, expect_differs and text, inside or outside that file's unnamed namespace.
#pragma once

#if CUB_VERSION >= 300500
// A named namespace only: an unnamed one nested in the including file's confuses nvcc's host stubs.
namespace selector_checks
{
/// Whether a selector's policy `got` is exactly `want` (the whole public struct, delays
/// included), with `knobs` to show both where it is not.
template <class Policy, class KnobsOf>
void expect_policy(const char* what, int cc, const Policy& got, const Policy& want, KnobsOf knobs)
{
  const bool same = got == want;
  expect(what, cc * 10, Knobs{same}, Knobs{1});
  if (!same)
  {
    std::printf("  the policies differ: got %s, want %s\n", text(knobs(got)).c_str(), text(knobs(want)).c_str());
  }
}

/// A selector rendered in test mode gives the %TEST% variant's knobs (`test`, read by `knobs`) on the
/// measured architectures, 8.0 and 9.0, the chained test hub's policy at 9.0 (`chained_at_90`, as
/// CUB's public struct), and exactly CUB's own selector's policy (`Library`) where nothing was
/// measured: below (7.5) and on the GPUs above the highest measured one (10.0, 12.0).
template <class Tuned, class Library, class Policy, class KnobsOf>
void expect_test_variant(const char* what, const Knobs& test, const Policy& chained_at_90, KnobsOf knobs)
{
  const auto at = [](int cc) {
    return ::cuda::compute_capability(cc);
  };
  for (int cc : {80, 90})
  {
    expect(what, cc * 10, knobs(Tuned{}(at(cc))), test);
  }
  expect_policy((std::string(what) + ": the chained hub's policy").c_str(), 90, Tuned{}(at(90)), chained_at_90, knobs);
  for (int cc : {75, 100, 120})
  {
    expect_policy((std::string(what) + ": CUB's own policy").c_str(), cc, Tuned{}(at(cc)), Library{}(at(cc)), knobs);
  }
  expect_differs(what, test, knobs(Library{}(at(90))));
}
} // namespace selector_checks
#endif
