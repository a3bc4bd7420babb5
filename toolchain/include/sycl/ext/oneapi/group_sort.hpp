// DPC++'s older path of sycl_ext_oneapi_group_sort: the functions and sorters are in
// <sycl/ext/oneapi/experimental/group_sort.hpp>.
#pragma once
#include "experimental/group_sort.hpp"
