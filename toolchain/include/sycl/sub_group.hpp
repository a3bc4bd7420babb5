// DPC++'s fine-grained header for sycl::sub_group; standard SYCL tests include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
