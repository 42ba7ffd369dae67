#include "run/device_probe.hpp"

#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "support/temporary_directory.hpp"

using namespace policytune;

TEST_CASE("the CPU is named as the harness names it", "[device_probe]") {
  CHECK(cpu_model_name("processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz  \n"
                       "model name\t: second\n") == "Intel(R) Xeon(R) CPU @ 2.20GHz");
  // No "model name" (ARM), or an empty one: the harness says "host CPU".
  CHECK(cpu_model_name("processor\t: 0\nBogoMIPS\t: 50.00\n") == "host CPU");
  CHECK(cpu_model_name("model name\t:   \n") == "host CPU");
  CHECK(cpu_model_name("model name without colon\n") == "host CPU");
  CHECK(cpu_model_name("") == "host CPU");
}

TEST_CASE("a host fingerprint changes with the CPU, its count and the kernel", "[device_probe]") {
  const std::string cpuinfo = "model name\t: Xeon\n";
  const auto base = host_fingerprint(cpuinfo, 2, "6.1.0");
  CHECK(base == host_fingerprint(cpuinfo, 2, "6.1.0"));
  CHECK(base != host_fingerprint("model name\t: EPYC\n", 2, "6.1.0"));
  CHECK(base != host_fingerprint(cpuinfo, 4, "6.1.0"));
  CHECK(base != host_fingerprint(cpuinfo, 2, "6.12.0"));
  // This machine is always identified.
  const auto here = device_fingerprint(false);
  REQUIRE(here);
  CHECK(here->rfind("host|", 0) == 0);
  CHECK(*here == *device_fingerprint(false));
}

TEST_CASE("a CUDA fingerprint lists every GPU and the devices CUDA may see", "[device_probe]") {
  ProcessResult smi;
  smi.exit_code = 0;
  smi.out =
      "NVIDIA H100 80GB HBM3, 9.0, 580.159.04, Enabled, Disabled, 81559 MiB\n"
      "NVIDIA H100 80GB HBM3, 9.0, 580.159.04, Enabled, Disabled, 81559 MiB\n";
  const auto both = cuda_fingerprint(smi, nullptr);
  REQUIRE(both);
  CHECK(both->find("580.159.04") != std::string::npos);
  CHECK(both != cuda_fingerprint(smi, "1"));
  CHECK(cuda_fingerprint(smi, "1") != cuda_fingerprint(smi, "0"));
  ProcessResult one = smi;
  one.out = "NVIDIA H100 80GB HBM3, 9.0, 580.159.04, Enabled, Disabled, 81559 MiB\n";
  CHECK(cuda_fingerprint(one, nullptr) != both);
  ProcessResult other_driver = one;
  other_driver.out = "NVIDIA H100 80GB HBM3, 9.0, 580.65.06, Enabled, Disabled, 81559 MiB\n";
  CHECK(cuda_fingerprint(other_driver, nullptr) != cuda_fingerprint(one, nullptr));
}

TEST_CASE("without a GPU or nvidia-smi the CUDA device is unknown", "[device_probe]") {
  ProcessResult failed;
  failed.exit_code = 9;  // "NVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver"
  failed.out = "NVIDIA-SMI has failed\n";
  CHECK_FALSE(cuda_fingerprint(failed, nullptr));
  ProcessResult none;
  none.exit_code = 0;
  none.out = "\n";
  CHECK_FALSE(cuda_fingerprint(none, nullptr));
  ProcessResult killed;
  killed.timed_out = true;
  CHECK_FALSE(cuda_fingerprint(killed, nullptr));
}

TEST_CASE("programs are found on PATH as a shell finds them", "[device_probe]") {
  const auto sh = program_on_path("sh");
  REQUIRE(sh);
  CHECK(sh->find('/') != std::string::npos);
  CHECK_FALSE(program_on_path("policytune-no-such-program"));
  CHECK_FALSE(program_on_path(""));
  testing::TemporaryDirectory directory("probe");
  const auto plain = directory.write("not-executable", "#!/bin/sh\n");
  CHECK_FALSE(program_on_path(plain));
  ::chmod(plain.c_str(), 0755);
  CHECK(program_on_path(plain) == plain);
}
