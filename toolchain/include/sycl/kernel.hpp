// DPC++'s fine-grained header for sycl::kernel; programs written for DPC++ include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
