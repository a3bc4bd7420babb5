// DPC++'s fine-grained header for group_local_memory; programs written for DPC++ include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
