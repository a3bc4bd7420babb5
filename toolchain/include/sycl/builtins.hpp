// DPC++'s fine-grained header for the built-in functions (math, common, geometric, integer, relational); standard SYCL tests include it. Here the
// whole interface comes with <sycl/sycl.hpp>.
#pragma once

#include "sycl.hpp"
