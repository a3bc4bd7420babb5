// DPC++'s fine-grained header for sycl::context; standard SYCL tests include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
