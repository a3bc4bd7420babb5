// DPC++'s <sycl/ext/oneapi/experimental/tangle.hpp>: the non-uniform groups are declared together in
// non_uniform_groups.hpp.
#pragma once
#include "non_uniform_groups.hpp"
