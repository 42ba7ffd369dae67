#pragma once

#include <string>

#include "report/report_model.hpp"

namespace policytune {

// The report's charts of one compile-time workload, each an inline <svg> (svg_plot.hpp).

// How many variants reached each score, with base (1.0) and the winner marked.
std::string score_distribution_chart(const WorkloadReport& workload);
// Per runtime workload, the measured variants' min / mean / max speedup over base and the winner's.
std::string runtime_speedup_chart(const WorkloadReport& workload);
// On the dispatch axis: the single policy's and each range variant's speedup, the chosen ranges
// shaded and the thresholds a selector would test marked. Empty without a dispatch axis.
std::string dispatch_chart(const WorkloadReport& workload);
// The best score found so far against the number of variants evaluated, in the order stored.
std::string convergence_chart(const WorkloadReport& workload);

}  // namespace policytune
