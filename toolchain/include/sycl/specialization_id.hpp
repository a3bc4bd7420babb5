// DPC++'s fine-grained header for specialization constants; standard SYCL tests include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
