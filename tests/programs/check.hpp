// Result reporting shared by the end-to-end test programs: count mismatches, print the first
// few, and finish with PASS (exit 0) or FAIL (exit 1).
#pragma once

#include <cstdio>
#include <cstdlib>

namespace check {
inline int failures = 0;

template <typename T, typename U> void equal(const char *what, long index, const T &got, const U &expected) {
  if (!(got == expected)) {
    if (failures < 10)
      std::printf("mismatch in %s at %ld: got %.17g, expected %.17g\n", what, index, double(got), double(expected));
    ++failures;
  }
}

inline int finish() {
  if (failures == 0) {
    std::printf("PASS\n");
    return 0;
  }
  std::printf("FAIL (%d mismatches)\n", failures);
  return 1;
}
} // namespace check
