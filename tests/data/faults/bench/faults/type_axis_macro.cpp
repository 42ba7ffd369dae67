// A benchmark whose %RANGE% parameter takes the name the driver defines for its type axis T{ct}
// (TUNE_T): a search must refuse it before it builds a variant.
// %RANGE% TUNE_T t 1:2:1

#include <policytune/bench.hpp>

#include <vector>

using value_types = nvbench::type_list<std::int32_t>;

template <typename T>
void copy(nvbench::state& state, nvbench::type_list<T>)
{
  std::vector<T> data(16, T(1));
  state.add_global_memory_writes<T>(data.size());
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) { data[0] += T(1); });
}

NVBENCH_BENCH_TYPES(copy, NVBENCH_TYPE_AXES(value_types)).set_name("copy").set_type_axes_names({"T{ct}"});
