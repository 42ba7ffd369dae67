#include "run/machine_fault.hpp"

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdint>
#include <filesystem>

using namespace policytune;

TEST_CASE("a compiler's words for the machine's faults are told from a broken source", "[machine_fault]") {
  CHECK(machine_fault_in_output("/usr/bin/ld: final link failed: No space left on device\ncollect2: error: ld "
                                "returned 1 exit status\n") == "no space left on the device");
  CHECK(machine_fault_in_output("x.cpp:9: fatal error: opening dependency file x.d: Read-only file system") ==
        "the file system is read-only");
  CHECK(machine_fault_in_output("as: x.o: Input/output error") == "the file system reported an input/output error");
  CHECK(machine_fault_in_output("cc1plus: out of memory allocating 65536 bytes\nvirtual memory exhausted: Cannot "
                                "allocate memory") == "the compiler ran out of memory");
  CHECK(machine_fault_in_output("g++: fatal error: Killed signal terminated program cc1plus") ==
        "the compiler was killed (out of memory)");
  CHECK(machine_fault_in_output("nvcc error   : 'cicc' died due to signal 9 (Kill signal)") ==
        "the compiler was killed (out of memory)");
  CHECK(machine_fault_in_output("x.o: write: Disk quota exceeded") == "the disk quota is exceeded");
  CHECK_FALSE(machine_fault_in_output("x.cpp:3: error: expected ';'\ncollect2: error: ld returned 1 exit status"));
  CHECK_FALSE(machine_fault_in_output(""));
}

TEST_CASE("a folder is out of space below the free bytes asked for", "[machine_fault]") {
  const auto folder = std::filesystem::temp_directory_path();
  CHECK(out_of_space(folder, UINTMAX_MAX));  // no file system has that much free
  CHECK_FALSE(out_of_space(folder, 0));
  CHECK_FALSE(out_of_space(folder / "no such folder", UINTMAX_MAX));  // cannot be asked: no claim
}

TEST_CASE("a failed compile is the machine's fault by its words or by SIGKILL, not by our time limit",
          "[machine_fault]") {
  const auto folder = std::filesystem::temp_directory_path();
  ProcessResult result;
  result.exit_code = 1;
  result.err = "/usr/bin/ld: final link failed: No space left on device\n";
  CHECK(machine_fault_of_compile(result, folder) ==
        "no space left on the device: free space and run the same command again");
  result.err = "fatal error: x.d: Read-only file system\n";
  CHECK(machine_fault_of_compile(result, folder) ==
        "the file system is read-only: repair or remount the file system and run the same command again");
  result.err = "x.cpp:3: error: expected ';'\n";
  CHECK_FALSE(machine_fault_of_compile(result, folder));  // the source is to blame

  ProcessResult killed;
  killed.signal = SIGKILL;  // the kernel's out-of-memory killer
  CHECK(machine_fault_of_compile(killed, folder) ==
        "the compiler was killed by signal 9 (out of memory): free memory (or lower --jobs) and run the same command "
        "again");
  ProcessResult timed_out;
  timed_out.timed_out = true;  // we killed it: the variant compiles too long, a verdict
  timed_out.err = "No space left on device";
  CHECK_FALSE(machine_fault_of_compile(timed_out, folder));
  ProcessResult built;
  built.exit_code = 0;
  built.err = "warning: No space left on device";  // what a successful build says is no fault
  CHECK_FALSE(machine_fault_of_compile(built, folder));
}
