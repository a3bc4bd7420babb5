// Checks of the SYCL exceptions a call throws, for the end-to-end test programs (with check.hpp).
#pragma once

#include <sycl/sycl.hpp>

#include "check.hpp"

namespace check {
// Whether `f` throws a SYCL exception of error code `code`.
template <typename F> void throws(const char *what, sycl::errc code, F f) {
  try {
    f();
  } catch (const sycl::exception &e) {
    equal(what, 0, e.code() == sycl::make_error_code(code), true);
    return;
  }
  equal(what, 1, false, true);
}
} // namespace check
