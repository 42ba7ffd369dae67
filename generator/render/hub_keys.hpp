#pragma once

#include <optional>
#include <string>

#include "render/policy_template.hpp"

namespace policytune {

// How a CUDA hub names its compile-time workloads as C++: the hub's own key (`AccumT, OffsetT`),
// a measured workload's (`float, ::std::uint32_t`), and with a `class:` directive the class key a
// workload belongs to (`::policytune::hub::value_key<::cuda::std::size_t{4}>, ::std::uint32_t`),
// which a same-sized type of the user's evaluates to as well.

// The hub's key, as the arguments of its `key` alias: key entries as written, traits as value_keys.
std::string hub_key(const PolicyTemplate& policy_template);

// A compile-time workload as template arguments: `float, ::std::uint32_t` (host structs), or the
// hub's key entries evaluated for it (CUDA hubs). Throws UserError where the axes do not fit.
std::string workload_key(const PolicyTemplate& policy_template, const std::string& ct_workload);

// The hub's class key, as the arguments of its `class_key` alias; "" without a `class:` directive.
std::string hub_class_key(const PolicyTemplate& policy_template);

// The class one compile-time workload belongs to under the template's `class:` directive.
struct WorkloadClass {
  std::string key;      // as template arguments, evaluated for the workload
  std::string name;     // comment text: `sizeof(AccumT)=4, OffsetT=U32`
  std::string members;  // comment text: the workload on its classed axes, `T{ct}=I32`
};

// The workload's class, or nullopt with `why_not` (comment text) where the size of a label on a
// classed axis is unknown.
std::optional<WorkloadClass> workload_class(const PolicyTemplate& policy_template, const std::string& ct_workload,
                                            std::string& why_not);

}  // namespace policytune
