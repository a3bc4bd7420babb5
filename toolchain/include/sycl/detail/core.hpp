// DPC++'s fine-grained "core" header (queue, handler, buffers, accessors, USM, ranges, events):
// standard SYCL tests include it instead of <sycl/sycl.hpp>. Here it is the whole interface.
#pragma once

#include "../sycl.hpp"
