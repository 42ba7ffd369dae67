// A host benchmark for the constraint tests: 4 x 4 variants, of which the constraints allow 6:
// a_1.b_1 to a_1.b_4, a_2.b_1 and a_2.b_2 (a * b <= 4 also allows a_3.b_1 and a_4.b_1, which
// the second line excludes).
// %RANGE% TUNE_A a 1:4:1
// %RANGE% TUNE_B b 1:4:1
// %CONSTRAINT% a * b <= 4
// %CONSTRAINT% a != 3 && !(a == 4 && b == 1)

#include <policytune/bench.hpp>

#include <vector>

#if TUNE_BASE
constexpr int factor = 1;
#else
constexpr int factor = TUNE_A * TUNE_B;
#endif

void product(nvbench::state& state)
{
  std::vector<int> data(1000, 1);
  long long total = 0;
  state.verify_with([&] { return policytune::bench::expect_equal(std::vector<long long>{total}, std::vector<long long>{1000}); });
  state.exec(nvbench::exec_tag::no_batch, [&](nvbench::launch&) {
    total = 0;
    for (int repeat = 0; repeat < factor; ++repeat)
      for (const int value : data) total += value;
    total /= factor;
  });
}

NVBENCH_BENCH(product).set_name("product");
