// DPC++'s fine-grained header for global_ptr, local_ptr and private_ptr; programs written for DPC++ include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
