// <sycl/types.hpp>: DPC++'s header for sycl::vec, its aliases and rounding_mode (vec.hpp).
#pragma once

#include "vec.hpp"
