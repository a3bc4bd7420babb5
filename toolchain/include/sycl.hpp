// <sycl.hpp>: DPC++ puts its include/sycl directory on the include path, so programs may name
// the SYCL header without its directory.
#pragma once

#include "sycl/sycl.hpp"
